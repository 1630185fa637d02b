import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { FormMessage, SelectField } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { answerClaim, setClaimStatus, staffClaim } from "~/models/claims/claim-admin.server";
import { ClaimAnswerSchema, ClaimStatusSchema, SETTABLE_CLAIM_STATUSES } from "~/models/claims/claim-admin-schema";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { Section, TableSection } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Facts } from "~/components/admin/Facts";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/claims/:id: a claim as the customer sent it (order, items, reason,
// description, files), its status history and the answers given, with the
// two things staff do: move it to another status (the same use case as
// `npm run admin -- claim status`) and answer the customer by email. Its
// files open through /admin/claims/:id/files/:file, only as what they are.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.claim.number);

const DONE = { status: "admin.claims.movedDone", answer: "admin.claims.answeredDone", answer_unsent: "admin.claims.answeredUnsent" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "claims.manage");
  const found = await recordOf(request, params.id, staffClaim);
  return { ...found, done: doneMessage(request, DONE) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "claims.manage");
  const claimId = recordIdOf(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") === "answer") {
    const { submission, value, failure } = parseForm(formData, ClaimAnswerSchema, { form: "answer" });
    if (failure) return failure;
    const result = await answerClaim(actor, claimId, value.message, value.version);
    if (result.ok) return redirect(`/admin/claims/${claimId}?done=${result.sent ? "answer" : "answer_unsent"}`, 303);
    if (result.error === "not_found") throw routeCheckFailed(request);
    return staleRefusal(submission, staff.locale, result, "answer");
  }
  const { submission, value, failure } = parseForm(formData, ClaimStatusSchema, { form: "status" });
  if (failure) return failure;
  const result = await setClaimStatus(actor, claimId, value.status, value.version);
  if (result.ok) return redirect(`/admin/claims/${claimId}?done=status`, 303);
  if (result.error === "not_found") throw routeCheckFailed(request);
  if (result.error === "stale") return staleRefusal(submission, staff.locale, result, "status");
  return refused(submission, staff.locale, "claims.unchanged", undefined, 409, "status");
}

const fileUrl = (claimId: number, fileId: number) => `/admin/claims/${claimId}/files/${fileId}`;
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function Claim() {
  const { claim, lines, files, answers, history, trail, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  // Forms named by the version they change: once a change is made, the page's forms start empty again.
  const statusForm = useSchemaForm(ClaimStatusSchema, { id: `claim-status-${claim.version}`, lastResult: replyFor(reply, "status") });
  const answerForm = useSchemaForm(ClaimAnswerSchema, { id: `claim-answer-${claim.version}`, lastResult: replyFor(reply, "answer") });
  const language = t(`admin.claims.languages.${claim.locale}`);
  const status = t(`admin.claims.statuses.${claim.status}`);
  const errors = [...(statusForm.form.errors ?? []), ...(answerForm.form.errors ?? [])];
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/claims", label: t("admin.claims.title") }}
        title={<>{claim.number} · {status}</>}
        facts={
          <>
            {t(`admin.claims.kinds.${claim.kind}`)} · {t("admin.claims.filedBy", { date: formatDateTime(claim.created_at), who: claim.name ? `${claim.name} <${claim.email}>` : claim.email, language })}
            {claim.guest ? ` (${t("admin.claims.guest")})` : ""}
            {claim.site ? ` · ${claim.site}` : ""}
          </>
        }
      />
      <FormMessage errors={errors.length ? errors : undefined} success={done ? t(done, { number: claim.number, status, email: claim.email }) : undefined} />

      <Section title={t("admin.claims.description")}>
        <Facts
          facts={[
            [
              t("admin.claims.order"),
              <Link to={`/admin/orders/${claim.order_id}`} className="link">
                {claim.order_number}
              </Link>,
            ],
            [t("admin.claims.reason"), t(`admin.claims.reasons.${claim.reason}`)],
          ]}
        />
        <blockquote className="whitespace-pre-line break-words rounded-lg bg-surface p-4 shadow-sm">{claim.description}</blockquote>
      </Section>

      <TableSection
        title={t("admin.claims.lines")}
        rows={lines}
        rowKey={(line) => line.id}
        columns={[
            { header: t("admin.claims.item"), cell: (line) => line.name },
            { header: t("admin.claims.quantity"), cell: (line) => line.quantity, numeric: true },
        ]}
      />

      <Section title={t("admin.claims.files")}>
        <DataTable
          caption={t("admin.claims.files")}
          rows={files}
          rowKey={(file) => file.id}
          empty={t("admin.claims.noFiles")}
          columns={[
            { header: "#", cell: (file) => file.position + 1, numeric: true },
            {
              header: t("admin.claims.files"),
              cell: (file) =>
                // What the upload's check found the file to be; the file route serves it only as that, an image re-encoded.
                file.type.startsWith("image/") ? (
                  <a href={fileUrl(claim.id, file.id)} className="link inline-block" target="_blank" rel="noreferrer">
                    <img src={fileUrl(claim.id, file.id)} alt={t("admin.claims.imageOf", { n: file.position + 1, number: claim.number })} className="size-32 rounded border border-line bg-surface-muted object-contain" loading="lazy" />
                  </a>
                ) : (
                  <a href={fileUrl(claim.id, file.id)} className="link" download>
                    {t("admin.claims.download", { n: file.position + 1 })}
                  </a>
                ),
            },
            { header: t("admin.claims.sentAs"), cell: (file) => <span className="break-all">{file.original_name}</span> },
            { header: t("admin.claims.size"), cell: (file) => kilobytes(file.size_bytes), numeric: true },
          ]}
        />
      </Section>

      <TableSection
        title={t("admin.claims.history")}
        rows={history.map((entry, index) => ({ ...entry, index }))}
        rowKey={(entry) => entry.index}
        columns={[
            { header: t("admin.claims.status"), cell: (entry) => t(`admin.claims.statuses.${entry.status}`) },
            { header: t("admin.claims.when"), when: (entry) => entry.at },
            { header: t("admin.claims.by"), cell: (entry) => entry.by ?? t("admin.claims.theCustomer") },
        ]}
      />

      <Section title={t("admin.claims.changeStatus")}>
        <Form method="post" {...getFormProps(statusForm.form)} className="flex flex-wrap items-end gap-3 rounded-lg bg-surface p-4 shadow-sm">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="version" value={claim.version} />
          <SelectField
            field={statusForm.fields.status}
            label={t("admin.claims.newStatus")}
            placeholder={t("admin.claims.chooseStatus")}
            options={SETTABLE_CLAIM_STATUSES.filter((value) => value !== claim.status).map((value) => ({ value, label: t(`admin.claims.statuses.${value}`) }))}
          />
          <button type="submit" className="button-primary" disabled={statusForm.busy}>
            {t("admin.claims.move")}
          </button>
        </Form>
      </Section>

      <Section title={t("admin.claims.answers")}>
        {answers.length === 0 ? (
          <p className="text-ink-muted">{t("admin.claims.noAnswers")}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {answers.map((answer) => (
              <li key={answer.id} className="rounded-lg bg-surface p-4 shadow-sm">
                <p className="text-sm text-ink-muted">
                  {formatDateTime(answer.created_at)} · {answer.staff_email} · {answer.sent_at ? t("admin.claims.sent", { date: formatDateTime(answer.sent_at) }) : t("admin.claims.notSent")}
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{answer.body}</p>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" {...getFormProps(answerForm.form)} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
          <h3 className="font-semibold">{t("admin.claims.answerTitle")}</h3>
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="version" value={claim.version} />
          <TextAreaField field={answerForm.fields.message} label={t("admin.claims.message")} hint={t("admin.claims.answerHint", { language })} rows={6} />
          <button type="submit" className="button-primary self-start" disabled={answerForm.busy}>
            {t("admin.claims.send")}
          </button>
        </Form>
      </Section>

      <TrailSection entries={trail} />
    </div>
  );
}
