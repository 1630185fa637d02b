import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { FormMessage } from "~/components/forms/Field";
import { FileField } from "~/components/forms/FileField";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { LocaleLink } from "~/components/LocaleLink";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { answerInfoRequest, forwardNumber, infoRequestFor } from "~/models/forwarding/forward-requests.server";
import { ANSWER_MAX, InfoAnswerSchema, type InfoAnswerValues } from "~/models/forwarding/info-answer";
import { acceptAttribute, IMAGE_OR_PDF } from "~/models/uploads/file-kind";
import { storeUpload } from "~/models/uploads/storage.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /order-additional-info-needed/{slug} (spec 2): the operator's question
// about a forward request, answered with text and, if need be, one image or
// PDF (checked by its content, at most 10 MB). Only the customer asked can
// open it: a guest signs in first, anyone else finds no such page.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

async function question(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await guard({ request, params });
  const info = await infoRequestFor(user.id, params["*"] ?? "");
  if (!info) throw notFound(request);
  return { user, info };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { info } = await question(request, params);
  const t = await i18nServer.getFixedT(localeParam(params));
  const about = info.subject_kind === "forward" ? forwardNumber(Number(info.subject_id)) : null;
  return {
    title: t("forwarding.info.title"),
    about,
    question: info.question,
    answer: info.answer,
    answered: info.answered_at !== null,
    hasFile: info.file !== null,
    // Just answered (the redirect above): spec 2's additional-info success modal.
    sent: info.answered_at !== null && new URL(request.url).searchParams.has("sent"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, info } = await question(request, params);
  const locale = localeParam(params);
  const { submission, value, failure } = parseForm(await request.formData(), InfoAnswerSchema);
  const answeredAlready = () => replyWith(submission, 400, ["forwarding.errors.answeredAlready"]);
  if (info.answered_at !== null) return answeredAlready();
  if (failure) return failure;
  let file: string | null = null;
  if (value.file) {
    const stored = await storeUpload(new Uint8Array(await value.file.arrayBuffer()), "answers", IMAGE_OR_PDF);
    if (!stored.ok) return replyWith(submission, 400, { fields: { file: [stored.error === "too_large" ? "forwarding.errors.fileSize" : "forwarding.errors.fileType"] } });
    file = stored.name;
  }
  if (!(await answerInfoRequest(user.id, info.slug, value.answer, file))) return answeredAlready();
  throw redirect(`${localePath(locale, `/order-additional-info-needed/${info.slug}`)}?sent`, 303);
}

export default function AdditionalInfoPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Once the success modal is closed, the page says the same in its own line.
  const [closed, setClosed] = useState(false);
  return (
    <AccountLayout title={d.title}>
      {d.about ? <p className="mb-2 text-ink-muted">{t("forwarding.info.about", { number: d.about })}</p> : null}
      <h2 className="mb-1 font-semibold">{t("forwarding.info.question")}</h2>
      <p className="mb-6 whitespace-pre-line rounded-lg border border-line p-3">{d.question}</p>
      {d.answered ? (
        <>
          {d.sent && !closed ? (
            <Modal open onClose={() => setClosed(true)} title={t("forwarding.info.sentTitle")} size="sm" mobile inPage className="[&:not(:modal)]:mb-4">
              <p role="status">{t("forwarding.info.answered")}</p>
              <LocaleLink to="/my-parcels" className="button-primary mt-4">
                {t("forwarding.request.back")}
              </LocaleLink>
            </Modal>
          ) : (
            <p role="status" className="mb-4 rounded-lg bg-success-soft px-3 py-2">
              {t("forwarding.info.answered")}
            </p>
          )}
          <h2 className="mb-1 font-semibold">{t("forwarding.info.yourAnswer")}</h2>
          <p className="mb-6 whitespace-pre-line">{d.answer}</p>
          <LocaleLink to="/my-parcels" className="link">
            {t("forwarding.request.back")}
          </LocaleLink>
        </>
      ) : (
        <AnswerForm />
      )}
    </AccountLayout>
  );
}

/** The answer and, if need be, one image or PDF; a plain multipart POST checked by the same schema on the server. */
function AnswerForm() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<InfoAnswerValues>(InfoAnswerSchema, { id: "info-answer", lastResult });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4">
      <FormMessage errors={form.errors} />
      <TextAreaField field={fields.answer} label={t("forwarding.info.answer")} rows={6} maxLength={ANSWER_MAX} />
      <FileField field={fields.file} label={t("forwarding.info.file")} accept={acceptAttribute(IMAGE_OR_PDF)} />
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("forwarding.info.submit")}
      </button>
    </Form>
  );
}
