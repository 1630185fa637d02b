import { sql } from "kysely";
import { auditTrail, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import { orderNumber } from "~/models/orders/orders";
import { logger } from "~/platform/logger.server";
import { ANSWER_MAX } from "./claim-admin-schema";
import { claimNumber, type ClaimStatus } from "./claim-form";
import { sendClaimAnswer } from "./claim-mail.server";

// What staff do with claims (the back office's /admin/claims and
// npm run admin -- claim …): the list by status, one claim as the customer
// sent it with its files, answers and status history, moving it on, and
// answering the customer by email. Each change locks the claim, refuses an
// edit made on an older version (the stale-edit rule) and writes the audit
// log in the same transaction.

/** The claims still waiting for a decision: the dashboard's "open claims". */
export const OPEN_CLAIM_STATUSES = ["received", "in_review"] as const satisfies readonly ClaimStatus[];

export type ClaimListStatus = ClaimStatus | "open" | "all";
export const STAFF_CLAIMS_PAGE_SIZE = 50;

/** A page of claims, the open ones oldest first (a queue), any other list newest first. */
export async function staffClaims(filter: { status: ClaimListStatus; page?: number }) {
  let query = db()
    .selectFrom("claims as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .leftJoin("users as u", "u.id", "c.user_id")
    .select(["c.id", "c.status", "c.reason", "c.kind", "c.created_at", "c.email", "c.user_id", "u.first_name", "u.last_name", "o.id as order_id", "o.kind as order_kind", "o.source_id"])
    .select(sql<number>`(select count(*)::int from claim_files f where f.claim_id = c.id)`.as("file_count"));
  if (filter.status === "open") query = query.where("c.status", "in", [...OPEN_CLAIM_STATUSES]);
  else if (filter.status !== "all") query = query.where("c.status", "=", filter.status);
  const { rows, page, hasMore } = await pageOf(
    (filter.status === "open" ? query.orderBy("c.created_at", "asc").orderBy("c.id", "asc") : query.orderBy("c.id", "desc")),
    filter.page,
    STAFF_CLAIMS_PAGE_SIZE,
  );
  return {
    claims: rows.map((row) => ({
      id: Number(row.id),
      number: claimNumber(Number(row.id)),
      status: row.status,
      reason: row.reason,
      kind: row.kind,
      created_at: row.created_at,
      email: row.email,
      name: [row.first_name, row.last_name].filter(Boolean).join(" ") || null,
      guest: row.user_id === null,
      order_id: Number(row.order_id),
      order_number: orderNumber(row.order_kind, Number(row.source_id ?? row.order_id)),
      file_count: Number(row.file_count),
    })),
    page,
    hasMore,
  };
}

/** One claim as staff read it: what the customer sent, its files, the answers given and its status history; null for no such claim. */
export async function staffClaim(claimId: number) {
  const claim = await db()
    .selectFrom("claims as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .leftJoin("users as u", "u.id", "c.user_id")
    .leftJoin("sites as s", "s.id", "c.site_id")
    .selectAll("c")
    .select(["u.first_name", "u.last_name", "o.kind as order_kind", "o.source_id", "s.name as site"])
    .where("c.id", "=", claimId)
    .executeTakeFirst();
  if (!claim) return null;
  const [lines, files, answers, trail] = await Promise.all([
    db().selectFrom("claim_lines").select(["id", "name", "quantity"]).where("claim_id", "=", claimId).orderBy("id").execute(),
    db().selectFrom("claim_files").select(["id", "position", "original_name", "type", "size_bytes"]).where("claim_id", "=", claimId).orderBy("position").execute(),
    db().selectFrom("claim_answers").select(["id", "staff_email", "body", "locale", "created_at", "sent_at"]).where("claim_id", "=", claimId).orderBy("created_at").orderBy("id").execute(),
    auditTrail("claim", claimId),
  ]);
  const changes = trail
    .filter((entry) => entry.action === "claim.status")
    .reverse()
    .map((entry) => ({ status: String(entry.after?.status) as ClaimStatus, at: entry.at, by: entry.staff_email }));
  return {
    claim: {
      id: Number(claim.id),
      number: claimNumber(Number(claim.id)),
      status: claim.status,
      version: claim.version,
      kind: claim.kind,
      reason: claim.reason,
      description: claim.description,
      email: claim.email,
      locale: claim.locale,
      name: [claim.first_name, claim.last_name].filter(Boolean).join(" ") || null,
      guest: claim.user_id === null,
      site: claim.site,
      created_at: claim.created_at,
      updated_at: claim.updated_at,
      order_id: Number(claim.order_id),
      order_number: orderNumber(claim.order_kind, Number(claim.source_id ?? claim.order_id)),
    },
    lines: lines.map((line) => ({ ...line, id: Number(line.id) })),
    files: files.map((file) => ({ ...file, id: Number(file.id) })),
    answers: answers.map((answer) => ({ ...answer, id: Number(answer.id) })),
    history: [{ status: "received" as ClaimStatus, at: claim.created_at, by: null as string | null }, ...changes],
    trail,
  };
}

export type ClaimChange =
  | { ok: true; number: string; was: ClaimStatus; status: ClaimStatus; email: string }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "unchanged"; status: ClaimStatus }
  | StaleEdit;

/**
 * Moves a claim to another status (the staff's decision, which the customer
 * sees in /my-claims). The back office names the version its page showed;
 * the command line names none and takes the claim as it is.
 */
export async function setClaimStatus(actor: StaffActor, claimId: number, status: ClaimStatus, seenVersion?: number): Promise<ClaimChange> {
  return db()
    .transaction()
    .execute(async (trx): Promise<ClaimChange> => {
      const claim = await trx.selectFrom("claims").select(["status", "email", "version"]).where("id", "=", claimId).forUpdate().executeTakeFirst();
      if (!claim) return { ok: false, error: "not_found" };
      if (seenVersion !== undefined && claim.version !== seenVersion) return staleEdit(trx, "claim", claimId);
      if (claim.status === status) return { ok: false, error: "unchanged", status };
      await trx.updateTable("claims").set({ status, version: claim.version + 1, updated_at: sql<Date>`now()` }).where("id", "=", claimId).execute();
      await recordAudit(trx, actor, { action: "claim.status", entity: "claim", entityId: claimId, before: { status: claim.status }, after: { status } });
      return { ok: true, number: claimNumber(claimId), was: claim.status, status, email: claim.email };
    });
}

export type ClaimAnswerResult = { ok: true; sent: boolean } | { ok: false; error: "not_found" } | StaleEdit;

/**
 * Staff answer the customer: the answer is kept with the claim (its page
 * and the customer's /my-claims show it) and, once committed, emailed in
 * the language the claim was filed in. A mail that fails leaves the answer
 * kept and marked not sent; `sent` says which.
 */
export async function answerClaim(actor: StaffActor, claimId: number, body: string, seenVersion: number): Promise<ClaimAnswerResult> {
  // A form sends a textarea's line breaks as CRLF; kept as plain line breaks.
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (text.length === 0 || text.length > ANSWER_MAX) throw new RangeError(`An answer has 1 to ${ANSWER_MAX} characters`);
  const saved = await db()
    .transaction()
    .execute(async (trx) => {
      const claim = await trx
        .selectFrom("claims")
        .select(["id", "status", "email", "locale", "version", "user_id", "site_id", "order_id"])
        .where("id", "=", claimId)
        .forUpdate()
        .executeTakeFirst();
      if (!claim) return { ok: false as const, error: "not_found" as const };
      if (claim.version !== seenVersion) return staleEdit(trx, "claim", claimId);
      const answer = await trx
        .insertInto("claim_answers")
        .values({ claim_id: claimId, staff_id: actor.id, staff_email: actor.email, body: text, locale: claim.locale })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("claims").set({ version: claim.version + 1, updated_at: sql<Date>`now()` }).where("id", "=", claimId).execute();
      await recordAudit(trx, actor, { action: "claim.answer", entity: "claim", entityId: claimId, after: { answer: Number(answer.id), to: claim.email, locale: claim.locale, body: text } });
      return { ok: true as const, answerId: Number(answer.id), claim };
    });
  if (!saved.ok) return saved;
  const { claim, answerId } = saved;
  try {
    await sendClaimAnswer({ id: claimId, to: claim.email, locale: claim.locale, siteId: claim.site_id, orderId: Number(claim.order_id), status: claim.status, body: text, signedIn: claim.user_id !== null });
    await db().updateTable("claim_answers").set({ sent_at: new Date() }).where("id", "=", answerId).execute();
    return { ok: true, sent: true };
  } catch (err) {
    logger.error({ err, claim: claimId }, "A claim's answer could not be emailed");
    return { ok: true, sent: false };
  }
}
