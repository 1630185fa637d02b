import { data, redirect } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { formatDate } from "~/lib/format";
import { localePath, type Locale } from "~/lib/i18n";
import { allowAttempt } from "~/models/accounts/rate-limits.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { checkUpload, FILE_KINDS, IMAGE_KINDS, IMAGE_OR_PDF, UPLOAD_MAX_BYTES } from "~/models/uploads/file-kind";
import { imageDecodes } from "~/models/uploads/image-check.server";
import { removeUploads, storeUpload } from "~/models/uploads/storage.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { isHumanSubmission } from "~/web/honeypot.server";
import { logger } from "~/platform/logger.server";
import { notFound } from "~/web/not-found";
import {
  checkClaimLines,
  claimNumber,
  claimQuantities,
  ClaimOrderSchema,
  ClaimSchema,
  MAX_CLAIM_FILES,
  ORDER_KINDS_FOR,
  type ClaimFormPage,
  type ClaimKind,
  type ClaimOrderView,
  type ClaimReplyExtras,
  isLineKey,
  type LineKey,
} from "~/models/claims/claim-form";
import { sendClaimConfirmation } from "~/models/claims/claim-mail.server";
import { claimableOrders, guestOrderForClaim, ownOrderForClaim, saveClaim, type ClaimOrder } from "~/models/claims/claims.server";

// The two claim forms' use cases (/claim-form and /claim-form-pro): what the
// page shows, and filing the claim. Without JavaScript the form is two
// steps: the order first (a signed-in customer chooses it with a GET, a
// guest gives its number and email in a POST, so the email stays out of
// the URL), then the page comes back with the order's lines.

/** Attempts per client address and minute: finding an order and sending the form alike. */
export const CLAIM_ATTEMPTS_PER_MINUTE = 10;

const view = (order: ClaimOrder | null): ClaimOrderView | null =>
  order && { slug: order.slug, number: order.number, date: formatDate(order.created_at), lines: order.lines };

/** What the form's page shows; another customer's order (?order=slug) is not found. */
export async function claimFormPage(request: Request, user: SessionUser | null, kind: ClaimKind): Promise<ClaimFormPage> {
  const url = new URL(request.url);
  const sent = /^CL\d{1,15}$/.exec(url.searchParams.get("sent") ?? "")?.[0] ?? null;
  if (!user) return { kind, signedIn: false, orders: [], order: null, sent };
  const kinds = ORDER_KINDS_FOR[kind];
  const slug = url.searchParams.get("order") ?? "";
  const [orders, order] = await Promise.all([claimableOrders(user.id, kinds), slug ? ownOrderForClaim(user.id, slug, kinds) : null]);
  if (slug && !order) throw notFound(request);
  return { kind, signedIn: true, orders: orders.map((o) => ({ slug: o.slug, label: `${o.number} · ${formatDate(o.created_at)}` })), order: view(order), sent };
}

type Caller = { request: Request; user: SessionUser | null; site: SiteConfig; locale: Locale; clientIp?: string; kind: ClaimKind; path: string };

type CheckedFile = { bytes: Uint8Array; originalName: string; type: string; size: number };

/** The files sent, checked by their content (an image decoded whole) before any is kept; a translation key when one is refused. */
async function checkFiles(uploads: File[]): Promise<{ files: CheckedFile[]; error?: string }> {
  if (uploads.length > MAX_CLAIM_FILES) return { files: [], error: "claims.errors.tooManyFiles" };
  const files: CheckedFile[] = [];
  for (const upload of uploads) {
    // Too large is known from the size alone: such a file is never read.
    if (upload.size > UPLOAD_MAX_BYTES) return { files: [], error: "claims.errors.fileSize" };
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const checked = checkUpload(bytes, IMAGE_OR_PDF);
    if (!checked.ok) return { files: [], error: checked.error === "too_large" ? "claims.errors.fileSize" : "claims.errors.fileType" };
    // An image's first bytes only say what it claims to be: it must decode as one, or it is not kept.
    if (IMAGE_KINDS.includes(checked.kind) && !(await imageDecodes(bytes))) return { files: [], error: "claims.errors.fileUnreadable" };
    files.push({ bytes, originalName: upload.name.slice(0, 200) || "file", type: FILE_KINDS[checked.kind].type, size: bytes.length });
  }
  return { files };
}

/** Keeps the files, or none of them. */
async function keepFiles(files: CheckedFile[]) {
  const kept: string[] = [];
  try {
    for (const file of files) {
      const stored = await storeUpload(file.bytes, "claims", IMAGE_OR_PDF);
      if (!stored.ok) throw new Error(`A checked file was refused: ${stored.error}`);
      kept.push(stored.name);
    }
    return kept;
  } catch (error) {
    await removeUploads(kept);
    throw error;
  }
}

/**
 * The form's answer to a post that files no claim: conform's reply, for the
 * order's search (`find`) when the order is what is wrong, else for the
 * claim, with the order found and whether files must be chosen again.
 */
function answer(submission: Submission<unknown>, status: number, errors: Record<string, string[]>, extras: ClaimReplyExtras, form: "find" | "claim") {
  const { form: formErrors = [], ...fields } = errors;
  const reply = replyWith(submission, status, { form: formErrors, fields }, form);
  return data({ ...reply.data, ...extras }, reply.init ?? undefined);
}

/**
 * The form's post: finds the order (intent "find") or files the claim. A
 * refusal answers 400 with everything typed; a filed claim redirects to the
 * form with its number. Another customer's order or line answers 404.
 */
export async function submitClaim({ request, user, site, locale, clientIp, kind, path }: Caller) {
  const form = await request.formData();
  const finding = form.get("intent") === "find";
  const { submission, value } = finding ? parseForm(form, ClaimOrderSchema) : parseForm(form, ClaimSchema);
  const typed = submission.payload as Record<string, unknown>;
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const filesChosen = !finding && form.getAll("files").some((file) => typeof file !== "string" && file.size > 0);
  const refuse = (errors: Record<string, string[]>, order: ClaimOrder | null = null) =>
    answer(submission, 400, errors, { order: view(order), filesAgain: filesChosen }, order ? "claim" : "find");

  if (!isHumanSubmission(form)) return refuse({ form: ["claims.errors.spam"] });
  if (!(await allowAttempt(`claim:ip:${clientIp ?? "unknown"}`, CLAIM_ATTEMPTS_PER_MINUTE))) return refuse({ form: ["claims.errors.tooMany"] });

  const kinds = ORDER_KINDS_FOR[kind];
  let order: ClaimOrder | null;
  if (user) {
    if (!text("order")) return refuse({ order: ["claims.errors.chooseOrder"] });
    order = await ownOrderForClaim(user.id, text("order"), kinds);
    if (!order) throw notFound(request);
  } else {
    order = await guestOrderForClaim(text("number"), text("email"), kinds);
    // One message for a wrong number and a wrong email: the form never tells whether an order exists.
    if (!order) return refuse({ order: ["claims.errors.notFound"] });
  }
  if (finding) return answer(submission, 200, {}, { order: view(order), filesAgain: false }, "find");

  const available = new Map(order.lines.map((line) => [line.key as string, line.quantity]));
  // What the schema refused is in the reply already; the lines' quantities and the files' content only the server can check.
  const lines = [...new Set(form.getAll("line").filter((key): key is string => typeof key === "string" && isLineKey(key)))];
  if (lines.some((key) => !available.has(key))) throw notFound(request);
  const quantities = claimQuantities(typed);
  const errors: Record<string, string[]> = {};
  const quantity = checkClaimLines(lines, quantities, available);
  if (quantity) errors.line = [quantity];
  const checked = await checkFiles(form.getAll("files").filter((file): file is File => typeof file !== "string" && file.size > 0));
  if (checked.error) errors.files = [checked.error];
  // No value is a refusal of the schema's; a value is the claim's, as the intent says.
  if (!value || !("line" in value) || Object.keys(errors).length > 0) return refuse(errors, order);

  const claimed = value.line.map((key) => ({ key: key as LineKey, quantity: Number(quantities[key] ?? "1") }));
  const email = user ? user.email : text("email").trim().toLowerCase();
  const stored = await keepFiles(checked.files);
  let id: number;
  try {
    id = await saveClaim({
      kind,
      userId: user?.id ?? null,
      siteId: site.id,
      order,
      email,
      locale,
      reason: value.reason,
      description: value.description,
      lines: claimed,
      files: checked.files.map((file, i) => ({ storedName: stored[i]!, originalName: file.originalName, type: file.type, size: file.size })),
    });
  } catch (error) {
    await removeUploads(stored);
    throw error;
  }
  const names = new Map(order.lines.map((line) => [line.key as string, line.name]));
  // The claim stands whether or not the mail goes out; a failure is logged.
  await sendClaimConfirmation(
    { id, to: email, orderNumber: order.number, reason: value.reason, lines: claimed.map((l) => ({ name: names.get(l.key)!, quantity: l.quantity })), fileCount: stored.length, signedIn: user !== null },
    locale,
    site,
  ).catch((err: unknown) => logger.error({ err, claim: id }, "Claim confirmation could not be sent"));
  throw redirect(`${localePath(locale, path)}?sent=${claimNumber(id)}`, 303);
}
