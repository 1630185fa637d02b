import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { claimNumber, type ClaimReason, type ClaimStatus } from "./claim-form";

// The claim's emails, in the language the form was filled in: the
// confirmation a customer (or a guest, at the order's email) gets when a
// claim is received, and the answers staff write from the back office.

export type ClaimMail = {
  id: number;
  to: string;
  orderNumber: string;
  reason: ClaimReason;
  lines: Array<{ name: string; quantity: number }>;
  fileCount: number;
  signedIn: boolean;
};

export async function sendClaimConfirmation(claim: ClaimMail, locale: Locale, site: SiteConfig) {
  const t = await i18nServer.getFixedT(locale);
  const number = claimNumber(claim.id);
  const url = new URL(localePath(locale, "/my-claims"), site.appUrl).toString();
  await sendMail(
    simpleMail(
      claim.to,
      t("claims.email.subject", { number, site: site.name }),
      [
        t("claims.email.body", { number, order: claim.orderNumber }),
        ...claim.lines.map((line) => t("claims.email.line", { quantity: line.quantity, name: line.name })),
        t("claims.email.reason", { reason: t(`claims.reasons.${claim.reason}`) }),
        t("claims.email.files", { total: claim.fileCount }),
        t("claims.email.next"),
      ],
      claim.signedIn ? { label: t("claims.email.action"), url } : undefined,
    ),
  );
}

export type ClaimAnswerMail = { id: number; to: string; locale: string; siteId: number | null; orderId: number; status: ClaimStatus; body: string; signedIn: boolean };

/** Staff's answer, framed in the customer's language by the shop's texts; the message itself as staff wrote it. Throws when it cannot be sent. */
export async function sendClaimAnswer(answer: ClaimAnswerMail) {
  const locale: Locale = isLocale(answer.locale) ? answer.locale : DEFAULT_LOCALE;
  const [site, order, t] = await Promise.all([
    // A claim filed before sites were recorded answers from the first site.
    db()
      .selectFrom("sites")
      .select(["name", "app_url"])
      .$if(answer.siteId !== null, (query) => query.where("id", "=", answer.siteId!))
      .orderBy("id")
      .executeTakeFirstOrThrow(),
    db().selectFrom("orders").select(["id", "kind", "source_id"]).where("id", "=", answer.orderId).executeTakeFirstOrThrow(),
    i18nServer.getFixedT(locale),
  ]);
  const number = claimNumber(answer.id);
  const url = new URL(localePath(locale, "/my-claims"), site.app_url).toString();
  await sendMail(
    simpleMail(
      answer.to,
      t("claims.email.answer.subject", { number, site: site.name }),
      [
        t("claims.email.answer.intro", { number, order: orderNumber(order.kind, Number(order.source_id ?? order.id)) }),
        // Staff's paragraphs stay paragraphs in the HTML part too.
        ...answer.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
        t("claims.email.answer.status", { status: t(`claims.status.${answer.status}`) }),
      ],
      answer.signedIn ? { label: t("claims.email.action"), url } : undefined,
    ),
  );
}
