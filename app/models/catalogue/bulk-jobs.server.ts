import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { repeatEvery } from "~/lib/repeat.server";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { isDatabaseUnavailable } from "~/models/db/errors";
import { pageOf } from "~/models/db/pages";
import type { BulkJobState } from "~/models/db/schema";
import { logger } from "~/platform/logger.server";
import { noteLoopRun } from "~/platform/metrics.server";
import { readBulkFile, type BulkFileError, type BulkRefusal, type BulkRow } from "./bulk-file";

// Bulk prices and stock by file (docs/back-office.md, decision 046). A file
// is checked into a job whose rows wait in bulk_job_rows (the preview); an
// apply queues the job, and a background loop on any app server applies it
// a batch at a time, each batch one transaction that moves the job's
// cursor with the products it changes. A batch writes the products as any
// edit does, so the catalogue's change log (0018) carries each change to
// every server's listings, and the product pages read them from the table.
// A server holds a job by its lease: taken with FOR UPDATE SKIP LOCKED,
// checked and renewed under the job's row lock by each batch, given back on
// shutdown. A server that dies holds it until the lease lapses; the next
// one takes it up from the cursor.

/** Rows per transaction: small enough that a batch holds its products' locks for a moment, large enough that 100,000 rows take a minute or so (with the rests below). */
export const BULK_BATCH_ROWS = 1_000;
/** How long a job stays with a server that stops renewing it (a crash): the next server resumes it after this. */
export const BULK_LEASE_MS = 30_000;
/** How often each server looks for a job to run. */
const BULK_POLL_MS = 1_000;
/**
 * The rest after each batch, as a multiple of the time the batch took: a
 * job works a quarter of the time. Every product a batch changes is a
 * change each server's listing index takes in (the live catalogue), on the
 * thread that draws the listings: at full speed (100,000 rows in 17 s at a
 * million products) the listings' p95 went to 2.8 times the quiet one.
 * Resting three times as long spreads the same changes over about a minute.
 */
const BULK_REST_PER_WORK = 3;
/** The least rest between batches, however quick the batch. */
const BULK_PAUSE_MS = 10;
/** Rows looked up and written per statement while a file is checked. */
const CHECK_CHUNK = 10_000;
/** Refused rows shown a page at a time. */
export const BULK_REFUSED_PAGE_SIZE = 50;

export type BulkJobSummary = {
  id: number;
  fileName: string;
  staffEmail: string;
  state: BulkJobState;
  rowCount: number;
  lastLine: number;
  preview: { changes: number; unchanged: number; refused: number };
  /** The last file line applied; lastLine once done. */
  cursor: number;
  /** What the apply did so far; refused counts the preview's refusals and the rows whose product went away since. */
  report: { changed: number; unchanged: number; refused: number };
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

const JOB_COLUMNS = [
  "id",
  "file_name",
  "staff_email",
  "state",
  "row_count",
  "last_line",
  "preview_changes",
  "preview_unchanged",
  "preview_refused",
  "cursor",
  "changed",
  "unchanged",
  "refused",
  "error",
  "created_at",
  "started_at",
  "finished_at",
] as const;

type JobRow = Awaited<ReturnType<typeof jobRow>>;
function jobRow(database: DB, id: number) {
  return database.selectFrom("bulk_jobs").select(JOB_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
}

function summaryOf(row: NonNullable<JobRow>): BulkJobSummary {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    staffEmail: row.staff_email,
    state: row.state,
    rowCount: row.row_count,
    lastLine: row.last_line,
    preview: { changes: row.preview_changes, unchanged: row.preview_unchanged, refused: row.preview_refused },
    cursor: row.cursor,
    report: { changed: row.changed, unchanged: row.unchanged, refused: row.preview_refused + row.refused },
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export type BulkCheck = { ok: true; job: BulkJobSummary } | { ok: false; error: BulkFileError; detail?: string };

/**
 * Checks a file against the catalogue and keeps it as a job to preview:
 * each row refused by the file's own rules or for a SKU the shop does not
 * sell itself, and, for the rest, whether applying it would change the
 * product. Nothing of the catalogue changes here.
 */
export async function checkBulkFile(actor: StaffActor, fileName: string, bytes: Uint8Array): Promise<BulkCheck> {
  const file = readBulkFile(bytes);
  if (!file.ok) return file;
  const candidates = file.rows.filter((row) => !row.refusal);
  let changes = 0;
  for (let from = 0; from < candidates.length; from += CHECK_CHUNK) {
    const chunk = candidates.slice(from, from + CHECK_CHUNK);
    const products = await db()
      .selectFrom("products")
      .select(["sku", "price_minor", "original_price_minor", "stock", "seller_id"])
      .where(
        "sku",
        "=",
        sql<string>`any(${chunk.map((row) => row.sku)}::text[])`,
      )
      .execute();
    const bySku = new Map(products.map((product) => [product.sku, product]));
    for (const row of chunk) {
      const product = bySku.get(row.sku);
      // A pro seller's listing is priced by its seller, on their own pages.
      if (!product) Object.assign(row, { refusal: "unknown_sku" satisfies BulkRefusal });
      else if (product.seller_id !== null) Object.assign(row, { refusal: "seller_listing" satisfies BulkRefusal });
      else if (product.price_minor !== row.priceMinor || product.original_price_minor !== row.originalPriceMinor || product.stock !== row.stock) changes++;
    }
  }
  const refused = file.rows.filter((row) => row.refusal).length;
  const job = await db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto("bulk_jobs")
        .values({
          file_name: fileName.slice(0, 255) || "prices.csv",
          staff_id: actor.id,
          staff_email: actor.email,
          staff_ip: actor.ip,
          row_count: file.rows.length,
          last_line: file.lastLine,
          preview_changes: changes,
          preview_unchanged: file.rows.length - refused - changes,
          preview_refused: refused,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (let from = 0; from < file.rows.length; from += CHECK_CHUNK) await insertRows(trx, Number(id), file.rows.slice(from, from + CHECK_CHUNK));
      return jobRow(trx, Number(id));
    });
  return { ok: true, job: summaryOf(job) };
}

/** A chunk of a file's rows in one statement: one array a column. */
async function insertRows(trx: DB, jobId: number, rows: BulkRow[]) {
  await sql`
    insert into bulk_job_rows (job_id, line, sku, price_minor, original_price_minor, stock, refusal, refusal_detail)
    select ${jobId}, * from unnest(
      ${rows.map((row) => row.line)}::int[], ${rows.map((row) => row.sku)}::text[], ${rows.map((row) => row.priceMinor)}::bigint[],
      ${rows.map((row) => row.originalPriceMinor)}::bigint[], ${rows.map((row) => row.stock)}::int[], ${rows.map((row) => row.refusal)}::text[],
      ${rows.map((row) => row.detail)}::text[])`.execute(trx);
}

/** A job as its page shows it, with a page of its refused rows; null when there is no such job. */
export async function bulkJob(id: number, page = 1) {
  const row = await db().selectFrom("bulk_jobs").select(JOB_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const refused = await pageOf(
    db()
      .selectFrom("bulk_job_rows")
      .select(["line", "sku", "refusal", "refusal_detail"])
      .where("job_id", "=", id)
      .where("refusal", "is not", null)
      .orderBy("line"),
    page,
    BULK_REFUSED_PAGE_SIZE,
  );
  return { job: summaryOf(row), refused: { ...refused, rows: refused.rows.map((r) => ({ line: r.line, sku: r.sku, refusal: r.refusal as BulkRefusal, detail: r.refusal_detail })) } };
}

/** The latest jobs, newest first, a page at a time. */
export async function bulkJobs(page = 1) {
  const { rows, ...rest } = await pageOf(db().selectFrom("bulk_jobs").select(JOB_COLUMNS).orderBy("id", "desc"), page, 20);
  return { jobs: rows.map(summaryOf), ...rest };
}

/** Queues a previewed job for the background loop; the one who applies it is who the audit log names. */
export async function applyBulkJob(actor: StaffActor, id: number): Promise<{ ok: true } | { ok: false; error: "not_found" | "not_previewed" }> {
  const queued = await db()
    .updateTable("bulk_jobs")
    .set({ state: "queued", queued_at: sql`now()`, staff_id: actor.id, staff_email: actor.email, staff_ip: actor.ip })
    .where("id", "=", id)
    .where("state", "=", "previewed")
    .returning("id")
    .executeTakeFirst();
  if (queued) return { ok: true };
  const exists = await db().selectFrom("bulk_jobs").select("id").where("id", "=", id).executeTakeFirst();
  return { ok: false, error: exists ? "not_previewed" : "not_found" };
}

/** Takes the oldest job waiting or left by a server whose lease lapsed (or this runner's own); its id, or null. */
export async function claimBulkJob(runnerId: string, leaseMs = BULK_LEASE_MS): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    update bulk_jobs set state = 'running', leased_by = ${runnerId}, lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
      started_at = coalesce(started_at, now())
    where id = (
      select id from bulk_jobs
      where state in ('queued', 'running') and (lease_until is null or lease_until < now() or leased_by = ${runnerId})
      order by id limit 1
      for update skip locked)
    returning id`.execute(db());
  return rows[0] ? Number(rows[0].id) : null;
}

export type BatchResult = "more" | "done" | "lost";

/**
 * Applies the next batch of a job this runner holds, in one transaction
 * with the job's row locked: the lease is checked and renewed, the rows
 * after the cursor are written to their products (only those that
 * differ), and the cursor and counts move with them. "lost": another
 * runner holds the job now, and this one stops.
 */
export async function runBulkBatch(jobId: number, runnerId: string, batchRows = BULK_BATCH_ROWS, leaseMs = BULK_LEASE_MS): Promise<BatchResult> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const job = await trx
        .selectFrom("bulk_jobs")
        .select(["state", "leased_by", "cursor", "last_line", "file_name", "staff_id", "staff_email", "staff_ip", "row_count", "preview_refused", "changed", "unchanged", "refused"])
        .where("id", "=", jobId)
        .forUpdate()
        .executeTakeFirst();
      if (!job || job.state !== "running" || job.leased_by !== runnerId) return "lost";
      const rows = await trx
        .selectFrom("bulk_job_rows")
        .select(["line", "sku", "price_minor", "original_price_minor", "stock"])
        .where("job_id", "=", jobId)
        .where("line", ">", job.cursor)
        .where("refusal", "is", null)
        .orderBy("line")
        .limit(batchRows)
        .execute();
      if (rows.length === 0) {
        await trx
          .updateTable("bulk_jobs")
          .set({ state: "done", cursor: job.last_line, finished_at: sql`now()`, leased_by: null, lease_until: null })
          .where("id", "=", jobId)
          .execute();
        const actor: StaffActor = { id: job.staff_id, email: job.staff_email, ip: job.staff_ip };
        await recordAudit(trx, actor, {
          action: "catalogue.bulk_apply",
          entity: "bulk_job",
          entityId: jobId,
          after: { file: job.file_name, rows: job.row_count, changed: job.changed, unchanged: job.unchanged, refused: job.preview_refused + job.refused },
        });
        return "done";
      }
      // Locked in the order of their ids, as every writer of several products locks them, so two never wait on each other.
      const products = await trx
        .selectFrom("products")
        .select(["id", "sku", "price_minor", "original_price_minor", "stock", "seller_id"])
        .where(
          "sku",
          "=",
          sql<string>`any(${rows.map((row) => row.sku)}::text[])`,
        )
        .orderBy("id")
        .forUpdate()
        .execute();
      const bySku = new Map(products.map((product) => [product.sku, product]));
      const gone: number[] = [];
      const changes: Array<{ id: number; price: number; original: number; stock: number }> = [];
      for (const row of rows) {
        const product = bySku.get(row.sku);
        // Removed, or handed to a seller, since the preview.
        if (!product || product.seller_id !== null) gone.push(row.line);
        else if (product.price_minor !== row.price_minor || product.original_price_minor !== row.original_price_minor || product.stock !== row.stock)
          changes.push({ id: Number(product.id), price: row.price_minor!, original: row.original_price_minor!, stock: row.stock! });
      }
      if (gone.length) {
        await trx
          .updateTable("bulk_job_rows")
          .set({ refusal: "unknown_sku" satisfies BulkRefusal })
          .where("job_id", "=", jobId)
          .where("line", "=", sql<number>`any(${gone}::int[])`)
          .execute();
      }
      // One statement for the batch; each row it changes logs itself in catalogue_changes (0018), as a single edit does.
      if (changes.length) {
        await sql`
          update products p set price_minor = v.price, original_price_minor = v.original, stock = v.stock
          from unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.price)}::bigint[], ${changes.map((c) => c.original)}::bigint[], ${changes.map((c) => c.stock)}::int[])
            as v(id, price, original, stock)
          where p.id = v.id`.execute(trx);
      }
      await trx
        .updateTable("bulk_jobs")
        .set({
          cursor: rows[rows.length - 1]!.line,
          changed: job.changed + changes.length,
          unchanged: job.unchanged + rows.length - gone.length - changes.length,
          refused: job.refused + gone.length,
          lease_until: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        })
        .where("id", "=", jobId)
        .execute();
      return "more";
    });
}

/** Gives a job back (a server shutting down), so the next server takes it up at once instead of after the lease. */
export async function releaseBulkJob(jobId: number, runnerId: string) {
  await db().updateTable("bulk_jobs").set({ leased_by: null, lease_until: null }).where("id", "=", jobId).where("leased_by", "=", runnerId).execute();
}

/** A batch that failed for a reason a retry would not mend: the job stops there, and its page says at which line and why. */
async function failBulkJob(jobId: number, runnerId: string, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  await db()
    .transaction()
    .execute(async (trx) => {
      const job = await trx
        .updateTable("bulk_jobs")
        .set({ state: "failed", error: message.slice(0, 1000), finished_at: sql`now()`, leased_by: null, lease_until: null })
        .where("id", "=", jobId)
        .where("leased_by", "=", runnerId)
        .returning(["file_name", "staff_id", "staff_email", "staff_ip", "cursor", "changed", "unchanged", "refused", "preview_refused"])
        .executeTakeFirst();
      if (!job) return;
      await recordAudit(trx, { id: job.staff_id, email: job.staff_email, ip: job.staff_ip }, {
        action: "catalogue.bulk_apply",
        entity: "bulk_job",
        entityId: jobId,
        after: { file: job.file_name, stopped_after_line: job.cursor, changed: job.changed, unchanged: job.unchanged, refused: job.preview_refused + job.refused, error: message.slice(0, 200) },
      });
    });
}

/** Deadlocks, serialisation failures, lock timeouts: the batch rolled back whole and is tried again. */
const TRY_AGAIN = new Set(["40P01", "40001", "55P03"]);

export type BulkRunner = { id: string; batchRows?: number; leaseMs?: number; stopping?: () => boolean };

/** Runs jobs until none is left to take or the runner is told to stop (after the batch under way); the number of batches applied. */
export async function runBulkJobs(runner: BulkRunner): Promise<number> {
  let batches = 0;
  while (!runner.stopping?.()) {
    const jobId = await claimBulkJob(runner.id, runner.leaseMs);
    if (jobId === null) break;
    for (;;) {
      if (runner.stopping?.()) {
        await releaseBulkJob(jobId, runner.id);
        return batches;
      }
      let result: BatchResult;
      const started = performance.now();
      try {
        result = await runBulkBatch(jobId, runner.id, runner.batchRows, runner.leaseMs);
      } catch (err) {
        const code = (err as { code?: unknown } | null)?.code;
        if (isDatabaseUnavailable(err) || (typeof code === "string" && TRY_AGAIN.has(code))) throw err;
        logger.error({ err, job: jobId }, "A bulk price file stopped");
        await failBulkJob(jobId, runner.id, err);
        break;
      }
      if (result !== "more") break;
      batches++;
      // Between batches the database and the server's event loop answer shoppers first.
      const rest = Math.max(BULK_PAUSE_MS, (performance.now() - started) * BULK_REST_PER_WORK);
      await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }
  return batches;
}

/** This server's loop over waiting jobs, every second; the stop it returns lets the batch under way finish and gives its job back. */
export function runBulkJobsInBackground(onError: (err: unknown) => void) {
  let stopping = false;
  const runner: BulkRunner = { id: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`, stopping: () => stopping };
  const stop = repeatEvery(
    BULK_POLL_MS,
    async () => {
      await runBulkJobs(runner);
      noteLoopRun("bulk_jobs");
    },
    onError,
  );
  return async () => {
    stopping = true;
    await stop();
  };
}
