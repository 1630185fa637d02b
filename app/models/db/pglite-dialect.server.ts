import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/**
 * The one connection's use: whether a query or transaction holds it, how
 * many wait for it, and how many statements that may write have run.
 */
export type PGliteUse = { busy: boolean; waiting: number; writes: number };

/**
 * Whether a statement may change data: anything but a plain read. A read
 * that names a writing keyword anywhere (in a string, say) counts as a
 * write; that costs a look at the catalogue, never a change missed.
 */
export function mayWrite(statement: string) {
  return !/^[\s(]*(select|with|show|explain)\b/i.test(statement) || /\b(insert|update|delete|merge|copy|truncate|call|do)\b/i.test(statement);
}

/**
 * Kysely over embedded PGlite. PGlite is a single connection, so connections
 * are handed out one at a time: a transaction never interleaves with another
 * request's statements.
 */
export class PGliteDialect implements Dialect {
  readonly use: PGliteUse = { busy: false, waiting: 0, writes: 0 };
  constructor(
    private readonly pglite: PGlite,
    private readonly onWait: (seconds: number) => void = () => {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.use, this.onWait);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  readonly #connection: PGliteConnection;

  constructor(
    private readonly pglite: PGlite,
    private readonly use: PGliteUse,
    private readonly onWait: (seconds: number) => void,
  ) {
    this.#connection = new PGliteConnection(pglite, use);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    const started = performance.now();
    this.use.waiting++;
    await previous;
    this.use.waiting--;
    this.onWait((performance.now() - started) / 1000);
    this.use.busy = true;
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    this.use.busy = false;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly use: PGliteUse,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (mayWrite(query.sql)) this.use.writes++;
    // A statement without parameters may be a script of several (migrations);
    // only the simple protocol (exec) runs those, as node-postgres does.
    const result =
      query.parameters.length === 0
        ? ((await this.pglite.exec(query.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.pglite.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on the embedded database");
  }
}
