import type { Submission } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { isLocale, type Locale } from "~/lib/i18n";
import type { ContentOutcome } from "~/models/content/content-records.server";
import type { TextPreview } from "~/models/content/text-preview";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { routeCheckFailed } from "~/web/not-found";

// The back office's text edit pages (a content page, an FAQ entry, a blog
// post) read their address and answer their form alike: what the page
// edits is in its query, and a save comes back to the same language.

/** The language the page edits (?lang=, English unless another is named) and whether it follows a save (&saved) or the record's creation (?created). */
export function textEditorState(request: Request) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const locale: Locale = isLocale(lang) ? lang : "en";
  return { locale, saved: url.searchParams.has("saved"), created: url.searchParams.has("created") };
}

/** The form's answer to "Preview": the form as sent, and the text as the shop would show it. */
export function previewReply(submission: Submission<unknown>, preview: TextPreview) {
  return data({ ...submission.reply(), preview });
}

/**
 * The form's answer to "Save": the record's page again in the language
 * saved (`page` is its address), which then says so; a 404 when the record
 * is gone; a stale edit naming who changed it; else the refusal's message,
 * which `refusal` names for each kind.
 */
export function savedTextReply(request: Request, submission: Submission<unknown>, staffLocale: string, saved: ContentOutcome, page: string, locale: Locale, refusal: (error: "slug_taken" | "no_such_site") => string) {
  if (saved.ok) return redirect(`${page}?lang=${locale}&saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staffLocale, saved);
  return refused(submission, staffLocale, refusal(saved.error));
}
