import { db } from "~/models/db/db.server";
import { forgetShell, shellCached } from "~/models/db/shell-cache.server";
import { normalizePath, type RedirectStatus } from "./redirect-rules";

// The redirects an operator keeps (spec 2). Every page request looks its
// path up, in the table as each app server keeps it (shell-cache.server.ts):
// a change made on one server, or by the admin command, holds on all of them
// within a second, and at once on the server that made it.

export type Redirect = { from_path: string; to_url: string; status: RedirectStatus; created_at: Date };

/** The redirect for a requested path, or null. */
export async function findRedirect(pathname: string): Promise<Pick<Redirect, "to_url" | "status"> | null> {
  const all = await shellCached("redirects", readRedirects);
  return all.get(normalizePath(pathname)) ?? null;
}

async function readRedirects() {
  const rows = await db().selectFrom("redirects").select(["from_path", "to_url", "status"]).execute();
  return new Map(rows.map(({ from_path, ...target }) => [from_path, target]));
}

export async function listRedirects(): Promise<Redirect[]> {
  return db().selectFrom("redirects").selectAll().orderBy("from_path").execute();
}

/** Adds a redirect, or replaces the one the old path had; checked by redirect-rules first. */
export async function saveRedirect(from: string, to: string, status: RedirectStatus) {
  const from_path = normalizePath(from);
  const saved = await db()
    .insertInto("redirects")
    .values({ from_path, to_url: to, status })
    .onConflict((conflict) => conflict.column("from_path").doUpdateSet({ to_url: to, status, created_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
  forgetShell();
  return saved;
}

/** Removes the old path's redirect; false when it had none. */
export async function removeRedirect(from: string) {
  const result = await db().deleteFrom("redirects").where("from_path", "=", normalizePath(from)).executeTakeFirst();
  forgetShell();
  return Number(result.numDeletedRows) > 0;
}
