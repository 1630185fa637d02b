import { isLocale, type Locale } from "~/lib/i18n";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import type { ContactValues } from "./contact-form";

// The two mails a message through the contact form sends: the message to
// the site's team, in the site's own language, answered by replying to it;
// and a confirmation to the sender in the language of the page.

/** The language the site's team reads: the site's default, else the shop's. */
export function teamLocale(site: SiteConfig): Locale {
  return isLocale(site.defaultLanguageIso) ? site.defaultLanguageIso : "lt";
}

export async function sendMessageToTeam(to: string, message: ContactValues, locale: Locale, site: SiteConfig) {
  const team = teamLocale(site);
  const t = await i18nServer.getFixedT(team);
  const language = site.languages.find((l) => l.iso_code === locale)?.local_title ?? locale;
  const mail = simpleMail(to, t("contact.mail.teamSubject", { site: site.name, subject: message.subject }), [
    t("contact.mail.teamIntro", { site: site.name }),
    t("contact.mail.from", { name: message.name, email: message.email }),
    t("contact.mail.language", { language }),
    t("contact.mail.subjectLine", { subject: message.subject }),
    message.message,
    t("contact.mail.replyHint"),
  ]);
  await sendMail({ ...mail, replyTo: message.email });
}

/**
 * The sender's confirmation. It repeats nothing they typed: the address is
 * whatever was typed, so the form must not be a way to send anyone a text
 * of one's choosing.
 */
export async function sendConfirmationToSender(to: string, locale: Locale, site: SiteConfig) {
  const t = await i18nServer.getFixedT(locale);
  await sendMail(
    simpleMail(to, t("contact.mail.confirmSubject", { site: site.name }), [
      t("contact.mail.confirmBody", { site: site.name }),
      t("contact.mail.confirmIgnore"),
    ]),
  );
}
