import type { Submission } from "@conform-to/react";
import { formatDateTime } from "~/lib/format";
import type { StaleEdit } from "~/models/audit/audit.server";
import { replyWith } from "~/web/form-reply.server";
import { adminLocale, adminT } from "~/platform/admin-texts.server";

// A back-office action's answers: a refusal is its form's message (status
// 409 for a stale edit or a wrong state, 400 for what was typed), written
// here in the staff member's language with its values filled in. A success
// redirects to the record's page (post, redirect, get), which names what was
// done in its query so the page can say so.

export function refused(submission: Submission<unknown>, locale: string, key: string, values?: Record<string, string | number>, status = 409, form?: string) {
  return replyWith(submission, status, [adminT(adminLocale(locale))(key, values)], form);
}

export function staleRefusal(submission: Submission<unknown>, locale: string, stale: StaleEdit, form?: string) {
  return stale.by && stale.at
    ? refused(submission, locale, "stale", { by: stale.by, at: `${formatDateTime(stale.at)} UTC` }, 409, form)
    : refused(submission, locale, "staleUnknown", undefined, 409, form);
}
