import { localePath, type Locale } from "~/lib/i18n";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { claimNumber, type ClaimReason } from "./claim-form";

// The confirmation a customer (or a guest, at the order's email) gets when a
// claim is received, in the language the form was filled in.

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
