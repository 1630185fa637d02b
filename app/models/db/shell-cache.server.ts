import { sql } from "kysely";
import { repeatEvery } from "~/lib/repeat.server";
import { singleton } from "~/lib/singleton.server";
import { noteLoopRun } from "~/platform/metrics.server";
import { db } from "./db.server";

// What every page's shell reads (the site a host serves, its languages and
// currencies, the top categories, the redirects) is read once per server and
// kept until it changes, instead of on every request (decision 024). Any
// write to those tables moves shell_state.version (migration 0019); every
// app server looks at it once a second and drops what it keeps when it has
// moved, so an operator's change shows on all of them within a second. A
// writer on this server drops it at once (forgetShell).
//
// Only a running server keeps anything: until followShellChanges starts,
// shellCached reads through, so a test or a command always sees the tables.

// One state per process: the server bundle starts following, the Remix
// build reads (lib/singleton.server).
const state = singleton("shell-cache", () => ({ following: false, version: null as string | null, kept: new Map<string, Promise<unknown>>() }));
const kept = state.kept;

/** What `load` gives, read once per version of the shell's tables. Keys are few and fixed: never a value a request names. */
export function shellCached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!state.following) return load();
  const held = kept.get(key) as Promise<T> | undefined;
  if (held) return held;
  const loading = load();
  kept.set(key, loading);
  // A failed read is not kept: the next request tries again.
  loading.catch(() => kept.get(key) === loading && kept.delete(key));
  return loading;
}

/** Drops everything kept; the next request reads the tables again. */
export function forgetShell() {
  kept.clear();
}

async function readVersion() {
  const { rows } = await sql<{ version: string }>`select version::text from shell_state`.execute(db());
  return rows[0]?.version ?? null;
}

async function checkVersion() {
  const now = await readVersion();
  if (now !== state.version) {
    state.version = now;
    forgetShell();
  }
  noteLoopRun("shell_changes");
}

/**
 * Keeps the shell from now on, and drops it whenever its tables change;
 * returns the function that stops (and keeps nothing from then on).
 */
export async function followShellChanges(onError: (err: unknown) => void, intervalMs = 1_000): Promise<() => Promise<void>> {
  state.version = await readVersion();
  forgetShell();
  state.following = true;
  const stop = repeatEvery(intervalMs, checkVersion, onError);
  return async () => {
    await stop();
    state.following = false;
    forgetShell();
  };
}
