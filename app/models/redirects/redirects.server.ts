import { db } from "~/models/db/db.server";
import { normalizePath, type RedirectStatus } from "./redirect-rules";

// The redirects an operator keeps (spec 2). Every page request looks its
// path up by the table's primary key, so a change made on one app server (or
// by the admin command) holds on all of them at once, with no cache to clear.

export type Redirect = { from_path: string; to_url: string; status: RedirectStatus; created_at: Date };

/** The redirect for a requested path, or null. */
export async function findRedirect(pathname: string): Promise<Pick<Redirect, "to_url" | "status"> | null> {
  const row = await db().selectFrom("redirects").select(["to_url", "status"]).where("from_path", "=", normalizePath(pathname)).executeTakeFirst();
  return row ?? null;
}

export async function listRedirects(): Promise<Redirect[]> {
  return db().selectFrom("redirects").selectAll().orderBy("from_path").execute();
}

/** Adds a redirect, or replaces the one the old path had; checked by redirect-rules first. */
export async function saveRedirect(from: string, to: string, status: RedirectStatus) {
  const from_path = normalizePath(from);
  return db()
    .insertInto("redirects")
    .values({ from_path, to_url: to, status })
    .onConflict((conflict) => conflict.column("from_path").doUpdateSet({ to_url: to, status, created_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the old path's redirect; false when it had none. */
export async function removeRedirect(from: string) {
  const result = await db().deleteFrom("redirects").where("from_path", "=", normalizePath(from)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
