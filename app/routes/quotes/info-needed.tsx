import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { answerInfoRequest, forwardNumber, infoRequestFor } from "~/models/forwarding/forward-requests.server";
import { IMAGE_OR_PDF, UPLOAD_MAX_BYTES } from "~/models/uploads/file-kind";
import { storeUpload } from "~/models/uploads/storage.server";
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

const MAX_ANSWER = 5000;

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

type Answer = { error: string; answer: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, info } = await question(request, params);
  const locale = localeParam(params);
  const form = await request.formData();
  const answer = String(form.get("answer") ?? "").trim();
  const refuse = (error: string) => data({ error, answer } satisfies Answer, { status: 400 });
  if (info.answered_at !== null) return refuse("forwarding.errors.answeredAlready");
  if (!answer || answer.length > MAX_ANSWER) return refuse("forwarding.errors.answer");
  const upload = form.get("file");
  let file: string | null = null;
  if (upload && typeof upload !== "string" && upload.size > 0) {
    if (upload.size > UPLOAD_MAX_BYTES) return refuse("forwarding.errors.fileSize");
    const stored = await storeUpload(new Uint8Array(await upload.arrayBuffer()), "answers", IMAGE_OR_PDF);
    if (!stored.ok) return refuse(stored.error === "too_large" ? "forwarding.errors.fileSize" : "forwarding.errors.fileType");
    file = stored.name;
  }
  if (!(await answerInfoRequest(user.id, info.slug, answer, file))) return refuse("forwarding.errors.answeredAlready");
  throw redirect(`${localePath(locale, `/order-additional-info-needed/${info.slug}`)}?sent`, 303);
}

export default function AdditionalInfoPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
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
        <>
          {reply ? <ErrorAlert className="mb-4" id="info-error">{t(reply.error)}</ErrorAlert> : null}
          <Form method="post" encType="multipart/form-data" className="flex max-w-xl flex-col gap-4" noValidate>
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("forwarding.info.answer")}</span>
              <textarea
                name="answer"
                rows={6}
                required
                maxLength={MAX_ANSWER}
                defaultValue={reply?.answer ?? ""}
                aria-invalid={reply?.error === "forwarding.errors.answer" ? true : undefined}
                aria-describedby={reply ? "info-error" : undefined}
                className="field-input"
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("forwarding.info.file")}</span>
              <input type="file" name="file" accept="image/png,image/jpeg,image/gif,image/webp,application/pdf" />
            </label>
            <button type="submit" className="button-primary self-start">
              {t("forwarding.info.submit")}
            </button>
          </Form>
        </>
      )}
    </AccountLayout>
  );
}
