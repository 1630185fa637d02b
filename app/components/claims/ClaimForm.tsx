import type { ReactNode } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { localePath } from "~/lib/i18n";
import { useTranslation } from "~/hooks/use-translation";
import {
  CLAIM_REASONS,
  ClaimOrderSchema,
  ClaimSchema,
  DESCRIPTION_MAX,
  MAX_CLAIM_FILES,
  type ClaimFormPage,
  type ClaimOrderView,
  type ClaimReplyExtras,
  type ClaimValues,
} from "~/models/claims/claim-form";
import { acceptAttribute, IMAGE_OR_PDF } from "~/models/uploads/file-kind";
import { HeadedSection } from "~/components/HeadedSection";
import { ErrorText } from "~/components/forms/ErrorText";
import { Field, FieldError, SelectField } from "~/components/forms/Field";
import { FileField } from "~/components/forms/FileField";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";

// The claim form of /claim-form and /claim-form-pro. Plain forms, so it
// works before JavaScript loads: the first finds the order (a GET of the
// customer's choice, or a guest's number and email posted), the second,
// shown once the order is known, sends the claim with its files. Both
// posts are checked by their schema in the browser and on the server.

/** The action's answer to a post that filed no claim: `form` says which of the two posts it answers. */
export type ClaimAnswer = SubmissionResult<string[]> & { form?: string } & ClaimReplyExtras;

/** A claim form's page: its heading, its introduction, the form and what follows it (`children`). */
export function ClaimPage({ title, intro, children, ...form }: { title: string; intro: string; children?: ReactNode } & Parameters<typeof ClaimForm>[0]) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-ink-muted">{intro}</p>
      <ClaimForm {...form} />
      {children}
    </div>
  );
}

export function ClaimForm({ page, reply, path }: { page: ClaimFormPage; reply?: ClaimAnswer; path: string }) {
  const { t } = useTranslation();
  const target = localePath(useLocale(), path);
  const order = reply?.order ?? page.order;
  const typed = (name: string) => {
    const value = reply?.initialValue?.[name];
    return typeof value === "string" ? value : "";
  };
  const orderError = reply?.error?.order?.[0];
  const refused = Object.values(reply?.error ?? {}).some((messages) => messages?.length);

  return (
    <div className="flex flex-col gap-6">
      {page.sent ? (
        <div role="status" className="rounded-lg bg-success-soft px-3 py-2">
          <p className="font-semibold">{t("claims.sent", { number: page.sent })}</p>
          <p>{t("claims.sentMail")}</p>
          {page.signedIn ? (
            <LocaleLink to="/my-claims" className="link">
              {t("claims.toMyClaims")}
            </LocaleLink>
          ) : null}
        </div>
      ) : null}

      {refused ? (
        <div role="alert" id="claim-errors" className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          <p>{t(reply?.error?.[""]?.[0] ?? "claims.errors.summary")}</p>
          {reply?.filesAgain ? <p>{t("claims.errors.filesAgain")}</p> : null}
        </div>
      ) : null}

      <HeadedSection id="claim-step-order" heading={t("claims.stepOrder")} className="flex flex-col gap-3" headingClassName="text-lg font-semibold">
        {page.signedIn ? (
          page.orders.length === 0 ? (
            <p>{t("claims.noOrders")}</p>
          ) : (
            <Form method="get" action={target} className="flex flex-wrap items-end gap-3" key={`order-${order?.slug ?? "none"}`}>
              <label className="flex flex-col gap-1">
                <span className="font-medium">{t("claims.order")}</span>
                <select
                  name="order"
                  defaultValue={typed("order") || (order?.slug ?? "")}
                  className="field-input"
                  aria-invalid={orderError ? true : undefined}
                  aria-describedby={orderError ? "claim-order-error" : undefined}
                >
                  <option value="">{t("claims.chooseOrder")}</option>
                  {page.orders.map((o) => (
                    <option key={o.slug} value={o.slug}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="button-secondary">
                {t("claims.showLines")}
              </button>
              <ErrorText id="claim-order-error" message={orderError} />
            </Form>
          )
        ) : order ? (
          // One form with the honeypot per page: the fields' ids must stay unique.
          <p>
            {t("claims.orderFound", { number: order.number, date: order.date })}{" "}
            <a href={target} className="link underline">
              {t("claims.otherOrder")}
            </a>
          </p>
        ) : (
          <FindOrderForm target={target} lastResult={reply?.form === "find" ? reply : null} error={orderError} />
        )}
      </HeadedSection>

      {order ? (
        <ClaimDetailsForm
          key={order.slug}
          target={target}
          order={order}
          signedIn={page.signedIn}
          guest={{ number: typed("number"), email: typed("email") }}
          lastResult={reply?.form === "claim" ? reply : null}
        />
      ) : null}
    </div>
  );
}

/** A guest's order, found by its number and the email it was placed with. */
function FindOrderForm({ target, lastResult, error }: { target: string; lastResult: ClaimAnswer | null; error?: string }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(ClaimOrderSchema, { id: "claim-order", lastResult });
  return (
    <Form method="post" action={target} {...getFormProps(form)} className="flex flex-col gap-3">
      <HoneypotInputs label={t("auth.honeypot")} />
      <input type="hidden" name="intent" value="find" />
      <p className="text-ink-muted">
        {t("claims.guestIntro")}{" "}
        <LocaleLink to={`/login?${new URLSearchParams({ redirectTo: target })}`} className="link underline">
          {t("claims.signIn")}
        </LocaleLink>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field field={fields.number} label={t("claims.orderNumber")} autoComplete="off" />
        <Field field={fields.email} label={t("claims.orderEmail")} type="email" autoComplete="email" />
      </div>
      <ErrorText id="claim-order-error" message={error} />
      <button type="submit" className="button-secondary self-start" disabled={busy}>
        {t("claims.findOrder")}
      </button>
    </Form>
  );
}

/** The claim itself: the lines with their quantities, the reason, a description and the files. */
function ClaimDetailsForm({
  target,
  order,
  signedIn,
  guest,
  lastResult,
}: {
  target: string;
  order: ClaimOrderView;
  signedIn: boolean;
  guest: { number: string; email: string };
  lastResult: ClaimAnswer | null;
}) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<ClaimValues>(ClaimSchema, { id: "claim", lastResult });
  const checked = [fields.line.initialValue ?? []].flat();
  const quantity = (key: string) => {
    const typed = lastResult?.initialValue?.[`qty-${key}`];
    return typeof typed === "string" ? typed : undefined;
  };
  const linesError = fields.line.errors?.length ? fields.line.errorId : undefined;
  return (
    <Form method="post" action={target} encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-5">
      <HoneypotInputs label={t("auth.honeypot")} />
      <input type="hidden" name="intent" value="submit" />
      {signedIn ? (
        <input type="hidden" name="order" value={order.slug} />
      ) : (
        <>
          <input type="hidden" name="number" value={guest.number} />
          <input type="hidden" name="email" value={guest.email} />
        </>
      )}
      <h2 className="text-lg font-semibold">{t("claims.stepClaim", { number: order.number, date: order.date })}</h2>

      <fieldset className="flex flex-col gap-2" aria-describedby={linesError}>
        <legend className="mb-1 font-medium">{t("claims.lines")}</legend>
        {order.lines.length === 0 ? <p>{t("claims.noLines")}</p> : null}
        {order.lines.map((line) => (
          <div key={line.key} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-2">
            <label className="flex flex-1 items-center gap-2">
              <input key={fields.line.key} type="checkbox" name={fields.line.name} value={line.key} defaultChecked={checked.includes(line.key)} />
              <span>{line.name}</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <span>{t("claims.quantity", { bought: line.quantity })}</span>
              <input type="number" name={`qty-${line.key}`} min={1} max={line.quantity} defaultValue={quantity(line.key) ?? String(line.quantity)} className="field-input w-20" />
            </label>
          </div>
        ))}
        <FieldError field={fields.line} />
      </fieldset>

      <SelectField
        field={fields.reason}
        label={t("claims.reason")}
        placeholder={t("claims.chooseReason")}
        options={CLAIM_REASONS.map((reason) => ({ value: reason, label: t(`claims.reasons.${reason}`) }))}
      />
      <TextAreaField field={fields.description} label={t("claims.description")} rows={6} maxLength={DESCRIPTION_MAX} hint={t("claims.descriptionHint")} />
      <FileField
        field={fields.files}
        label={t("claims.files")}
        accept={acceptAttribute(IMAGE_OR_PDF)}
        multiple
        hint={t("claims.filesHint", { most: MAX_CLAIM_FILES, count: MAX_CLAIM_FILES })}
      />

      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("claims.submit")}
      </button>
    </Form>
  );
}
