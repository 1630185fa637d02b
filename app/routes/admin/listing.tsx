import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { ListingApproveSchema, ListingRefuseSchema } from "~/models/pro/listing-review-form";
import { decideListing, staffListing, type ListingDecided } from "~/models/pro/listing-reviews.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { Section, TableSection } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Facts, type Fact } from "~/components/admin/Facts";
import { intlLocale } from "~/lib/i18n";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/listings/:id: a pro seller's listing as the seller wrote it (its
// title and description in every language, photos, price, stock, category
// and details) with the shop's decision: approve it, or refuse it with a
// reason the seller reads on their pages. Both carry the review's version,
// which the seller's saves raise too: a decision on what has changed since
// the page was opened is refused.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.listing.title);

const DONE = { approved: "admin.listings.approvedDone", refused: "admin.listings.refusedDone" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "catalogue.edit");
  const found = await recordOf(request, params.id, (id) => staffListing(id, staff.locale));
  return { ...found, locale: intlLocale(staff.locale), done: doneMessage(request, DONE) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const id = recordIdOf(request, params.id);
  const formData = await request.formData();
  const approving = formData.get("intent") === "approve";
  const form = approving ? "approve" : "refuse";
  const parsed = approving ? parseForm(formData, ListingApproveSchema, { form }) : parseForm(formData, ListingRefuseSchema, { form });
  if (parsed.failure) return parsed.failure;
  const { submission, value } = parsed;
  const result: ListingDecided = await decideListing(actor, id, value.intent === "approve" ? { approve: true } : { approve: false, reason: value.reason }, value.version);
  if (result.ok) return redirect(`/admin/listings/${id}?done=${result.status}`, 303);
  if (result.error === "not_found") throw routeCheckFailed(request);
  return refused(submission, staff.locale, result.error === "stale" ? "listings.stale" : "listings.notPending", undefined, 409, form);
}

export default function Listing() {
  const { listing, seller, texts, options, trail, locale, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const version = listing.review?.version ?? 0;
  const forForm = (name: string) => replyFor(reply, name);
  const approve = useSchemaForm(ListingApproveSchema, { id: `listing-approve-${version}`, lastResult: forForm("approve") });
  const refuse = useSchemaForm(ListingRefuseSchema, { id: `listing-refuse-${version}`, lastResult: forForm("refuse") });
  const errors = [...(approve.form.errors ?? []), ...(refuse.form.errors ?? [])];
  const review = listing.review;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/listings", label: t("admin.listings.title") }}
        title={<>{listing.title} · {t(`admin.listings.states.${listing.state}`)}</>}
        facts={
          <>
            {listing.sku} · {seller.company ? `${seller.company} · ` : ""}
            <span className="break-all">{seller.email}</span>
            {review ? ` · ${t("admin.listings.sent")}: ${formatDateTime(review.submittedAt)}` : ""}
          </>
        }
      />
      <FormMessage errors={errors.length ? errors : undefined} success={done ? t(done) : undefined} />

      <Section title={t("admin.listings.details")}>
        <Facts
          facts={[
            [t("admin.listings.price"), formatMoney(listing.priceMinor, "EUR", locale)],
            [t("admin.listings.stock"), listing.stock],
            [t("admin.listings.category"), listing.category ?? "—"],
            ...(options.length ? options.map((option): Fact => [option.field, option.label]) : [[t("admin.listings.details"), t("admin.listings.noDetails")] as const]),
          ]}
        />
      </Section>

      <Section title={t("admin.listings.photos")}>
        <ul className="flex flex-wrap gap-3">
          {listing.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} className="inline-block" target="_blank" rel="noreferrer">
                <img src={photo} alt={t("admin.listings.photoOf", { n: index + 1, title: listing.title })} className="size-40 rounded border border-line bg-surface object-contain" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <TableSection
        title={t("admin.listings.texts")}
        rows={texts}
        rowKey={(text) => text.iso_code}
        columns={[
            { header: t("admin.listings.language"), cell: (text) => text.iso_code.toUpperCase() },
            { header: t("admin.listings.name"), cell: (text) => <span className="font-medium">{text.name}</span> },
            { header: t("admin.listings.description"), cell: (text) => <p className="max-w-prose whitespace-pre-line break-words">{text.description}</p> },
        ]}
      />

      <Section title={t("admin.listings.decision")}>
        {review === null ? <p className="text-ink-muted">{t("admin.listings.legacy")}</p> : null}
        {review?.status === "approved" ? <p>{t("admin.listings.approvedBy", { by: review.decidedBy ?? "—", at: review.decidedAt ? formatDateTime(review.decidedAt) : "—" })}</p> : null}
        {review?.status === "refused" ? (
          <div className="rounded-lg bg-surface p-4 shadow-sm">
            <p>{t("admin.listings.refusedBy", { by: review.decidedBy ?? "—", at: review.decidedAt ? formatDateTime(review.decidedAt) : "—" })}</p>
            <blockquote className="mt-1 whitespace-pre-line break-words">{review.reason}</blockquote>
          </div>
        ) : null}
        {review?.status === "pending" ? (
          <div className="grid gap-4 md:grid-cols-2">
            <Form method="post" {...getFormProps(approve.form)} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="version" value={review.version} />
              <p id="listing-approve-hint" className="text-sm text-ink-muted">
                {t("admin.listings.approveHint")}
              </p>
              <button type="submit" aria-describedby="listing-approve-hint" className="button-primary self-start" disabled={approve.busy}>
                {t("admin.listings.approve")}
              </button>
            </Form>
            <Form method="post" {...getFormProps(refuse.form)} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
              <input type="hidden" name="intent" value="refuse" />
              <input type="hidden" name="version" value={review.version} />
              <TextAreaField field={refuse.fields.reason} label={t("admin.listings.reason")} hint={t("admin.listings.reasonHint")} />
              <button type="submit" className="button-secondary self-start" disabled={refuse.busy}>
                {t("admin.listings.refuse")}
              </button>
            </Form>
          </div>
        ) : null}
      </Section>

      <TrailSection entries={trail} />
    </div>
  );
}
