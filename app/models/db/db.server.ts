import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Kysely, PostgresDialect, sql, type Dialect } from "kysely";
import pg from "pg";
import { mkdirSync } from "node:fs";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { notePoolWait } from "~/platform/metrics.server";
import { singleton, forgetSingleton } from "~/lib/singleton.server";
import { PGliteDialect } from "./pglite-dialect.server";
import { migrateToLatest, type MigrationProgress } from "./migrations.server";
import type { Database } from "./schema";

export type { Database } from "./schema";
export type DB = Kysely<Database>;

const INT8_OID = 20;

/** Where the data lives: PGlite in a folder or in memory, or a PostgreSQL server. */
export function describeDatabase(url = env().DATABASE_URL) {
  if (url === "memory://") return { kind: "embedded" as const, dir: undefined };
  if (url.startsWith("file://")) return { kind: "embedded" as const, dir: url.slice("file://".length) };
  return { kind: "postgres" as const, dir: undefined };
}

/** A database handle's connections now (the metrics): how many it may open, has open, has in use, and how many queries wait for one. */
export type PoolUse = { max: number; open: number; busy: number; waiting: number };

function createDialect(url: string): { dialect: Dialect; use: () => PoolUse; writes?: () => number } {
  const where = describeDatabase(url);
  if (where.kind === "embedded") {
    if (where.dir) mkdirSync(where.dir, { recursive: true });
    // The same extensions the PostgreSQL server has in its contrib package.
    // PostgreSQL's default 128 MB of shared buffers live inside PGlite's
    // WebAssembly memory, which never shrinks; the folder's pages the
    // buffers do not hold come from the system's file cache (decision 048).
    const pglite = new PGlite({ dataDir: where.dir, extensions: { btree_gin, pg_trgm, unaccent }, postgresqlconf: [`shared_buffers = ${env().PGLITE_SHARED_BUFFERS}`] });
    const dialect = new PGliteDialect(pglite, notePoolWait);
    return { dialect, use: () => ({ max: 1, open: 1, busy: dialect.use.busy ? 1 : 0, waiting: dialect.use.waiting }), writes: () => dialect.use.writes };
  }
  // bigint counts and money in minor units stay far below 2^53, so they are
  // read as numbers, the same as PGlite returns them.
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = resilientPool(url, types);
  // Kysely asks the pool for a connection per query or transaction; the time it waits for one is the pool's wait.
  const timed = {
    connect: async () => {
      const started = performance.now();
      try {
        return await pool.connect();
      } finally {
        notePoolWait((performance.now() - started) / 1000);
      }
    },
    end: () => pool.end(),
  };
  const use = () => ({ max: env().DB_POOL_MAX, open: pool.totalCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
  return { dialect: new PostgresDialect({ pool: timed }), use };
}

/** How long a request waits for a connection to a server that does not answer, before it is told to try again. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool that outlives its server's restarts. PostgreSQL ends every
 * connection when it restarts, fails over or is told to
 * (pg_terminate_backend); node-postgres then emits `error` on the client,
 * and an `error` event nobody listens to ends the process. Each client
 * gets a listener for its whole life, idle or checked out, and the pool one
 * for the idle clients it drops: the cut connection is removed, the request
 * that was using it fails (its transaction rolled back by the server) and
 * answers 503 (web/known-failures.ts), and new requests open new
 * connections once the server is back.
 */
function resilientPool(url: string, types: pg.CustomTypesConfig) {
  const pool = new pg.Pool({ connectionString: url, max: env().DB_POOL_MAX, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const lost = (err: Error) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, "A database connection was lost");
  pool.on("connect", (client) => client.on("error", lost));
  // The pool re-emits an idle client's error after dropping it; the client's listener has logged it.
  pool.on("error", () => {});
  return pool;
}

/** Each database handle's connection use, by handle; kept on globalThis, as the handle is, for both bundles. */
const poolUses = singleton("db-pool-uses", () => new WeakMap<DB, () => PoolUse>());

/** Each embedded handle's count of statements that may have written, by handle. */
const writeCounts = singleton("db-write-counts", () => new WeakMap<DB, () => number>());

export function createDatabase(url: string): DB {
  const { dialect, use, writes } = createDialect(url);
  const database = new Kysely<Database>({ dialect });
  poolUses.set(database, use);
  if (writes) writeCounts.set(database, writes);
  return database;
}

/**
 * How many statements that may write have run through a handle, where every
 * write to its data passes through it: the embedded database, which opens
 * in one process at a time. Null for a PostgreSQL server, which other
 * processes write to as well.
 */
export function writesThrough(database: DB = db()): number | null {
  return writeCounts.get(database)?.() ?? null;
}

/** The connections of a handle (the process's own by default) now: the metrics read it on every scrape. */
export function poolUse(database: DB = db()): PoolUse | undefined {
  return poolUses.get(database)?.();
}

/** The process's one database handle. */
export function db(): DB {
  return singleton("db", () => createDatabase(env().DATABASE_URL));
}

/** Brings the schema up to date; run before the server listens and by db:migrate. */
export function migrate(database: DB = db(), onProgress?: MigrationProgress) {
  return migrateToLatest(database as unknown as Kysely<unknown>, onProgress);
}

export async function checkDatabase(database: DB = db()) {
  await sql`select 1`.execute(database);
}

export async function closeDatabase() {
  await forgetSingleton<DB>("db")?.destroy();
}
