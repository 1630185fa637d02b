import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { allowAttempt } from "~/models/accounts/rate-limits.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { logger } from "~/platform/logger.server";
import { CONTACT_ATTEMPTS_PER_MINUTE, CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE } from "./contact";
import type { ContactValues } from "./contact-form";
import { sendConfirmationToSender, sendMessageToTeam } from "./contact-mail.server";

// The contact form's use case (docs/content.md): a message is checked,
// stored, then mailed to the site's team and confirmed to the sender. It is
// stored first, so a mail server that is down loses nothing: mail_sent
// stays false and the message waits in contact_messages.

/** Where the site's team reads the form's messages (sites.settings.contact_email); null when the operator set none. */
export async function siteContactEmail(siteId: number) {
  const row = await db()
    .selectFrom("sites")
    .select(sql<string | null>`settings->>'contact_email'`.as("email"))
    .where("id", "=", siteId)
    .executeTakeFirst();
  return row?.email?.trim() || null;
}

type NewMessage = ContactValues & { siteId: number; userId: number | null; locale: Locale; clientIp: string | null };

export async function saveContactMessage(message: NewMessage) {
  const row = await db()
    .insertInto("contact_messages")
    .values({
      site_id: message.siteId,
      user_id: message.userId,
      locale: message.locale,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      client_ip: message.clientIp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Whether one more post from this address is allowed this minute (a post, sent or not, counts). */
export function allowContactAttempt(clientIp: string | null) {
  return allowAttempt(`contact:ip:${clientIp ?? "unknown"}`, CONTACT_ATTEMPTS_PER_MINUTE);
}

type Sender = { site: SiteConfig; locale: Locale; user: SessionUser | null; clientIp: string | null };

/**
 * A checked message: stored, then mailed to the site's team and confirmed
 * to the sender; `too_many` when this email has sent its share this minute.
 */
export async function sendContactMessage(value: ContactValues, { site, locale, user, clientIp }: Sender): Promise<{ ok: true } | { ok: false; error: "too_many" }> {
  if (!(await allowAttempt(`contact:email:${value.email}`, CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE))) return { ok: false, error: "too_many" };

  const id = await saveContactMessage({ ...value, siteId: site.id, userId: user?.id ?? null, locale, clientIp });
  // The message is kept whatever the mail does; a failure is logged and mail_sent stays false.
  const teamAddress = await siteContactEmail(site.id);
  if (teamAddress) {
    try {
      await sendMessageToTeam(teamAddress, value, locale, site);
      await db().updateTable("contact_messages").set({ mail_sent: true }).where("id", "=", id).execute();
    } catch (err) {
      logger.error({ err, contactMessage: id }, "Contact message could not be mailed to the site");
    }
  } else {
    logger.warn({ site: site.code, contactMessage: id }, "The site has no contact_email: the message is only stored");
  }
  await sendConfirmationToSender(value.email, locale, site).catch((err: unknown) =>
    logger.error({ err, contactMessage: id }, "Contact confirmation could not be sent"),
  );
  return { ok: true };
}
