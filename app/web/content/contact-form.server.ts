import { redirect } from "@remix-run/node";
import { localePath, type Locale } from "~/lib/i18n";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { ContactSchema } from "~/models/content/contact-form";
import { allowContactAttempt, sendContactMessage } from "~/models/content/contact.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { isHumanSubmission } from "~/web/honeypot.server";

type Caller = { form: FormData; site: SiteConfig; locale: Locale; user: SessionUser | null; clientIp?: string; path: string };

/**
 * The contact form's post (docs/content.md). A post that is not our page's
 * (honeypot), one over the limits, or bad input answers with everything
 * typed and the reasons, and changes nothing; a message sent redirects to
 * the page (`path`, without the language) with ?sent=1, so a reload sends
 * nothing again.
 */
export async function submitContactMessage({ form, site, locale, user, clientIp, path }: Caller) {
  const { submission, value, failure } = parseForm(form, ContactSchema);
  if (!isHumanSubmission(form)) return replyWith(submission, 400, ["contact.errors.spam"]);
  if (!(await allowContactAttempt(clientIp ?? null))) return replyWith(submission, 429, ["contact.errors.tooMany"]);
  if (failure) return failure;
  const sent = await sendContactMessage(value, { site, locale, user, clientIp: clientIp ?? null });
  if (!sent.ok) return replyWith(submission, 429, ["contact.errors.tooMany"]);
  throw redirect(`${localePath(locale, path)}?sent=1`, 303);
}
