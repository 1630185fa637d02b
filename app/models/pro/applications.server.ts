import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { allowAttempt } from "~/models/accounts/rate-limits.server";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { SiteConfig } from "~/models/sites/sites.server";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";
import { isSeller, type ProApplicationStatus, type ProApplicationValues } from "./application";
import { sendApplicationDecision, sendApplicationReceived } from "./application-mail.server";
import type { Decision } from "./application";

// Applications to sell as a pro user (/pro): a signed-in customer applies
// once at a time; an owner approves (the account becomes pro) or rejects it
// at /admin/pro-applications or with `npm run admin -- pro approve|reject
// --email …` (one use case, audited), and the customer is told by email in
// the language they applied in.

/** Applications a client address, and an account, may send per minute. */
export const APPLICATIONS_PER_MINUTE = 5;

export type ApplicationSummary = { status: ProApplicationStatus; created_at: Date; decided_at: Date | null; company_name: string };

/** The customer's latest application, or null when they never applied. */
export async function latestApplication(userId: number): Promise<ApplicationSummary | null> {
  const row = await db()
    .selectFrom("pro_applications")
    .select(["status", "created_at", "decided_at", "company_name"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type ApplyError = "too_many_requests" | "already_pending" | "already_seller";
export type ApplyOutcome = { ok: true; id: number } | { ok: false; error: ApplyError };

/**
 * Files the application and sends its confirmation. Refused for a seller,
 * for one already waiting, and past the per-minute limits; nothing is
 * stored then. A confirmation that cannot be sent is logged, not refused.
 */
export async function applyToSell(
  user: SessionUser,
  values: ProApplicationValues,
  context: { site: SiteConfig; locale: Locale; clientIp?: string },
): Promise<ApplyOutcome> {
  if (isSeller(user.role)) return { ok: false, error: "already_seller" };
  const byAddress = await allowAttempt(`pro-apply:ip:${context.clientIp ?? "unknown"}`, APPLICATIONS_PER_MINUTE);
  const byAccount = await allowAttempt(`pro-apply:user:${user.id}`, APPLICATIONS_PER_MINUTE);
  if (!byAddress || !byAccount) return { ok: false, error: "too_many_requests" };
  const row = await db()
    .insertInto("pro_applications")
    .values({
      user_id: user.id,
      site_id: context.site.id,
      locale: context.locale,
      company_name: values.company_name,
      company_code: values.company_code,
      phone: values.phone,
      message: values.message ?? "",
    })
    // The partial unique index keeps one waiting application per customer, however many tabs send it.
    .onConflict((oc) => oc.column("user_id").where("status", "=", sql.lit("pending")).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { ok: false, error: "already_pending" };
  const id = Number(row.id);
  await sendApplicationReceived({ to: user.email, name: user.first_name, company: values.company_name }, context.locale, context.site).catch((err: unknown) => {
    logger.error({ err, application: id }, "Pro application confirmation could not be sent");
    reportServerError(err);
  });
  return { ok: true, id };
}

export type DecisionOutcome =
  | { ok: true; email: string; company: string; role: string; mailed: boolean }
  | { ok: false; error: "no_account" | "no_pending_application" };

/**
 * The operator's decision on the waiting application of the account with
 * this email: approving makes a customer a pro user, in the same
 * transaction as its audit entry. The back office names the application its
 * page showed (`applicationId`): one decided meanwhile is not decided again,
 * nor a newer one in its place. The customer is then emailed in the
 * language they applied in.
 */
export async function decideApplication(actor: StaffActor, email: string, decision: Decision, options: { applicationId?: number; now?: Date } = {}): Promise<DecisionOutcome> {
  const now = options.now ?? new Date();
  const decided = await db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select(["id", "email", "first_name", "role"]).where(sql`lower(email)`, "=", email.trim().toLowerCase()).executeTakeFirst();
      if (!user) return { ok: false, error: "no_account" } as const;
      const application = await trx
        .selectFrom("pro_applications")
        .select(["id", "locale", "site_id", "company_name"])
        .where("user_id", "=", user.id)
        .where("status", "=", "pending")
        .$if(options.applicationId !== undefined, (query) => query.where("id", "=", options.applicationId!))
        .forUpdate()
        .executeTakeFirst();
      if (!application) return { ok: false, error: "no_pending_application" } as const;
      await trx
        .updateTable("pro_applications")
        .set({ status: decision === "approve" ? "approved" : "rejected", decided_at: now })
        .where("id", "=", application.id)
        .execute();
      let role: string = user.role;
      if (decision === "approve" && user.role === "customer") {
        await trx.updateTable("users").set({ role: "pro", updated_at: now }).where("id", "=", user.id).execute();
        role = "pro";
      }
      await recordAudit(trx, actor, {
        action: `pro.${decision}`,
        entity: "pro_application",
        entityId: application.id,
        before: { status: "pending", role: user.role },
        after: { status: decision === "approve" ? "approved" : "rejected", role },
      });
      return { ok: true, user, application, role } as const;
    });
  if (!decided.ok) return decided;
  const { user, application, role } = decided;
  const mailed = await sendApplicationDecision({ to: user.email, name: user.first_name, company: application.company_name, decision }, application.locale, application.site_id)
    .then(() => true)
    .catch((err: unknown) => {
      logger.error({ err, application: application.id }, "Pro application decision could not be sent");
      return false;
    });
  return { ok: true, email: user.email, company: application.company_name, role, mailed };
}

export const STAFF_APPLICATIONS_PAGE_SIZE = 50;

/** The back office's list: waiting applications oldest first, decided ones newest first, with the account they came from. */
export async function staffApplications(filter: { status?: ProApplicationStatus; page?: number }) {
  let query = db()
    .selectFrom("pro_applications as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["a.id", "a.status", "a.company_name", "a.company_code", "a.phone", "a.message", "a.locale", "a.created_at", "a.decided_at", "u.email", "u.role"]);
  if (filter.status) query = query.where("a.status", "=", filter.status);
  const { rows, page, hasMore } = await pageOf(
    (filter.status === "pending" ? query.orderBy("a.id", "asc") : query.orderBy("a.id", "desc")),
    filter.page,
    STAFF_APPLICATIONS_PAGE_SIZE,
  );
  return { applications: rows.map((row) => ({ ...row, id: Number(row.id) })), page, hasMore };
}
