import { sql, type Transaction } from "kysely";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { Database } from "~/models/db/schema";
import { forgetShell, shellCached } from "~/models/db/shell-cache.server";
import { fromPathProblem, isAbsoluteTarget, normalizePath, targetProblem, type RedirectStatus } from "./redirect-rules";

// The redirects an operator keeps (spec 2). Every page request looks its
// path up, in the table as each app server keeps it (shell-cache.server.ts):
// a change made on one server, or by the admin command, holds on all of them
// within a second, and at once on the server that made it. The back office
// (/admin/redirects) and `npm run admin -- redirect` change them through the
// same functions here, each with its audit entry in its transaction.

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

export const REDIRECTS_PAGE_SIZE = 50;

/** A page of redirects by old path; `q` finds those whose old path or new address contains it, in any case. */
export async function staffRedirects(filter: { q?: string; page?: number }) {
  let query = db().selectFrom("redirects").selectAll();
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${q.replace(/[%_\\]/g, "\\$&")}%`;
    query = query.where((eb) => eb.or([eb(sql<string>`lower(from_path)`, "like", pattern), eb(sql<string>`lower(to_url)`, "like", pattern)]));
  }
  const { rows, page, hasMore } = await pageOf(
    query
      .orderBy("from_path"),
    filter.page,
    REDIRECTS_PAGE_SIZE,
  );
  return { redirects: rows, page, hasMore };
}

/** Redirect writes take this lock, one at a time across app servers, so two that would close a loop together never both pass the check. */
const REDIRECTS_LOCK = 7_240_012;

/** The shop's own host names (a site is found by its name, whatever the port): an absolute address on one of them is one of its paths, and may lead on to another redirect. */
async function ownHosts(trx: DB) {
  const [hosts, sites] = await Promise.all([trx.selectFrom("site_hosts").select("host").execute(), trx.selectFrom("sites").select("app_url").execute()]);
  const names = new Set(hosts.map((row) => row.host.toLowerCase()));
  for (const site of sites) {
    try {
      names.add(new URL(site.app_url).hostname.toLowerCase());
    } catch {
      // A site without a usable address names no host.
    }
  }
  return names;
}

/** The shop's path a target leads to, or null when it leaves the shop. */
function pathOf(target: string, hosts: ReadonlySet<string>) {
  if (!isAbsoluteTarget(target)) return normalizePath(target);
  try {
    const url = new URL(target);
    return hosts.has(url.hostname.toLowerCase()) ? normalizePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/**
 * The chain a new redirect from → to would make, when it comes back to a
 * path it has passed (from → to → … → from, or into a loop further on);
 * null when it ends. Each step is the stored redirect of the path reached.
 */
export async function redirectLoop(trx: DB, from: string, to: string): Promise<string[] | null> {
  const rows = await trx.selectFrom("redirects").select(["from_path", "to_url"]).execute();
  const next = new Map(rows.map((row) => [row.from_path, row.to_url]));
  next.set(from, to);
  const hosts = await ownHosts(trx);
  const chain = [from];
  const seen = new Set(chain);
  let path: string | null = from;
  while (path !== null && next.has(path)) {
    path = pathOf(next.get(path)!, hosts);
    if (path === null) return null;
    chain.push(path);
    if (seen.has(path)) return chain;
    seen.add(path);
  }
  return null;
}

export type RedirectInput = { from: string; to: string; status: RedirectStatus };
export type RedirectSaved =
  | { ok: true; redirect: Redirect; replaced: string | null }
  | { ok: false; error: "bad_from" | "bad_to"; problem: string }
  | { ok: false; error: "exists"; to: string }
  | { ok: false; error: "loop"; chain: string[] };

/**
 * Adds a redirect inside the caller's transaction (a category renamed
 * leaves one in its own): checked by redirect-rules, refused when it would
 * make a loop, written with its audit entry. `replace` lets a path that has
 * a redirect take the new one (the command line's "adding again replaces");
 * without it such a path is refused, naming where it goes now. The caller
 * calls forgetShell() once its transaction has committed.
 */
export async function saveRedirectIn(trx: Transaction<Database>, actor: StaffActor, input: RedirectInput, { replace = false } = {}): Promise<RedirectSaved> {
  const fromProblem = fromPathProblem(input.from);
  if (fromProblem) return { ok: false, error: "bad_from", problem: fromProblem };
  const toProblem = targetProblem(input.to, input.from);
  if (toProblem) return { ok: false, error: "bad_to", problem: toProblem };
  const from_path = normalizePath(input.from);
  await sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK})`.execute(trx);
  const before = await trx.selectFrom("redirects").select(["to_url", "status"]).where("from_path", "=", from_path).executeTakeFirst();
  if (before && !replace) return { ok: false, error: "exists", to: before.to_url };
  const chain = await redirectLoop(trx, from_path, input.to);
  if (chain) return { ok: false, error: "loop", chain };
  const saved = await trx
    .insertInto("redirects")
    .values({ from_path, to_url: input.to, status: input.status })
    .onConflict((conflict) => conflict.column("from_path").doUpdateSet({ to_url: input.to, status: input.status, created_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, { action: "redirect.add", entity: "redirect", entityId: from_path, before: before ?? null, after: { to_url: saved.to_url, status: saved.status } });
  return { ok: true, redirect: saved, replaced: before?.to_url ?? null };
}

/** Adds a redirect in a transaction of its own (the back office, the command line); the same checks as saveRedirectIn. */
export async function saveRedirect(actor: StaffActor, input: RedirectInput, options: { replace?: boolean } = {}): Promise<RedirectSaved> {
  const saved = await db()
    .transaction()
    .execute((trx) => saveRedirectIn(trx, actor, input, options));
  if (saved.ok) forgetShell();
  return saved;
}

export type RedirectRemoved = { ok: true } | { ok: false; error: "not_found" } | StaleEdit;

/**
 * Removes the old path's redirect. The back office names the address the
 * page showed it going to: if a colleague has pointed it elsewhere since,
 * nothing is removed (the stale-edit rule).
 */
export async function removeRedirect(actor: StaffActor, from: string, seenTo?: string): Promise<RedirectRemoved> {
  const from_path = normalizePath(from);
  const removed = await db()
    .transaction()
    .execute(async (trx): Promise<RedirectRemoved> => {
      await sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK})`.execute(trx);
      const row = await trx.selectFrom("redirects").select(["to_url", "status"]).where("from_path", "=", from_path).executeTakeFirst();
      if (!row) return { ok: false, error: "not_found" };
      if (seenTo !== undefined && row.to_url !== seenTo) return staleEdit(trx, "redirect", from_path);
      await trx.deleteFrom("redirects").where("from_path", "=", from_path).execute();
      await recordAudit(trx, actor, { action: "redirect.remove", entity: "redirect", entityId: from_path, before: row });
      return { ok: true };
    });
  if (removed.ok) forgetShell();
  return removed;
}
