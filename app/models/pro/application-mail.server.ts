import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import type { Decision } from "./application";

// The emails about an application to sell, in the language it was filled
// in, from the site it was sent on: that it arrived, and what the shop
// decided.

type Applicant = { to: string; name: string; company: string };

const greeting = (t: (key: string, values?: Record<string, unknown>) => string, name: string) => (name ? [t("email.greeting", { name })] : []);

export async function sendApplicationReceived(applicant: Applicant, locale: Locale, site: Pick<SiteConfig, "name" | "appUrl">) {
  const t = await i18nServer.getFixedT(locale);
  await sendMail(
    simpleMail(
      applicant.to,
      t("pro.email.receivedSubject", { site: site.name }),
      [...greeting(t, applicant.name), t("pro.email.receivedBody", { company: applicant.company }), t("pro.email.receivedNext")],
      { label: t("pro.email.receivedAction"), url: new URL(localePath(locale, "/pro"), site.appUrl).toString() },
    ),
  );
}

/** The decision, sent from the site the application came from (the default site for one without). */
export async function sendApplicationDecision(applicant: Applicant & { decision: Decision }, language: string, siteId: number | null) {
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const site = await db()
    .selectFrom("sites")
    .select(["name", "app_url"])
    .where((eb) => (siteId === null ? eb("code", "=", "default") : eb("id", "=", siteId)))
    .executeTakeFirstOrThrow();
  const t = await i18nServer.getFixedT(locale);
  const approved = applicant.decision === "approve";
  const path = approved ? "/site-pro" : "/pro";
  await sendMail(
    simpleMail(
      applicant.to,
      t(approved ? "pro.email.approvedSubject" : "pro.email.rejectedSubject", { site: site.name }),
      [...greeting(t, applicant.name), t(approved ? "pro.email.approvedBody" : "pro.email.rejectedBody", { company: applicant.company })],
      { label: t(approved ? "pro.email.approvedAction" : "pro.email.rejectedAction"), url: new URL(localePath(locale, path), site.app_url).toString() },
    ),
  );
}
