import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { LocaleLink, useLocale } from "~/components/LocaleLink";
import { localePath } from "~/lib/i18n";
import { useTranslation } from "~/hooks/use-translation";
import { CLAIM_REASONS, DESCRIPTION_MAX, EMPTY_VALUES, MAX_CLAIM_FILES, type ClaimFormPage, type ClaimReply } from "~/models/claims/claim-form";
import { HeadedSection } from "~/components/HeadedSection";
import { ErrorText } from "~/components/forms/ErrorText";

// The claim form of /claim-form and /claim-form-pro. Two plain forms, so it
// works before JavaScript loads: the first finds the order (a GET of the
// customer's choice, or a guest's number and email posted), the second,
// shown once the order is known, sends the claim with its files.

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf";

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

export function ClaimForm({ page, reply, path }: { page: ClaimFormPage; reply?: ClaimReply; path: string }) {
  const { t } = useTranslation();
  const target = localePath(useLocale(), path);
  const values = reply?.values ?? { ...EMPTY_VALUES, order: page.order?.slug ?? "" };
  const order = reply?.order ?? page.order;
  const errors = reply?.errors ?? {};
  const failed = Object.keys(errors).length > 0;
  const invalid = (field: keyof typeof errors) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `claim-${field}-error` } : {});
  // A new answer gives the fields new starting values.
  const formKey = reply ? JSON.stringify(reply.values) : (order?.slug ?? "none");

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

      {failed ? (
        <div role="alert" id="claim-errors" className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          <p>{t(errors.form ?? "claims.errors.summary")}</p>
          {reply?.filesAgain ? <p>{t("claims.errors.filesAgain")}</p> : null}
        </div>
      ) : null}

      <HeadedSection id="claim-step-order" heading={t("claims.stepOrder")} className="flex flex-col gap-3" headingClassName="text-lg font-semibold">
        {page.signedIn ? (
          page.orders.length === 0 ? (
            <p>{t("claims.noOrders")}</p>
          ) : (
            <Form method="get" action={target} className="flex flex-wrap items-end gap-3" key={`order-${formKey}`}>
              <label className="flex flex-col gap-1">
                <span className="font-medium">{t("claims.order")}</span>
                <select name="order" defaultValue={values.order} className="field-input" {...invalid("order")}>
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
              <ErrorText id="claim-order-error" message={errors.order} />
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
          <Form method="post" action={target} className="flex flex-col gap-3" noValidate key={`find-${formKey}`}>
            <HoneypotInputs label={t("auth.honeypot")} />
            <input type="hidden" name="intent" value="find" />
            <p className="text-ink-muted">
              {t("claims.guestIntro")}{" "}
              <LocaleLink to={`/login?${new URLSearchParams({ redirectTo: target })}`} className="link underline">
                {t("claims.signIn")}
              </LocaleLink>
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="flex flex-col gap-1">
                <span className="font-medium">{t("claims.orderNumber")}</span>
                <input name="number" required defaultValue={values.number} placeholder="MP12" autoComplete="off" className="field-input" {...invalid("order")} />
              </label>
              <label className="flex flex-col gap-1">
                <span className="font-medium">{t("claims.orderEmail")}</span>
                <input name="email" type="email" required defaultValue={values.email} autoComplete="email" className="field-input" {...invalid("order")} />
              </label>
            </div>
            <ErrorText id="claim-order-error" message={errors.order} />
            <button type="submit" className="button-secondary self-start">
              {t("claims.findOrder")}
            </button>
          </Form>
        )}
      </HeadedSection>

      {order ? (
        <Form method="post" action={target} encType="multipart/form-data" className="flex flex-col gap-5" noValidate key={`claim-${formKey}`}>
          <HoneypotInputs label={t("auth.honeypot")} />
          <input type="hidden" name="intent" value="submit" />
          {page.signedIn ? (
            <input type="hidden" name="order" value={order.slug} />
          ) : (
            <>
              <input type="hidden" name="number" value={values.number} />
              <input type="hidden" name="email" value={values.email} />
            </>
          )}
          <h2 className="text-lg font-semibold">{t("claims.stepClaim", { number: order.number, date: order.date })}</h2>

          <fieldset className="flex flex-col gap-2" aria-describedby={errors.lines ? "claim-lines-error" : undefined}>
            <legend className="mb-1 font-medium">{t("claims.lines")}</legend>
            {order.lines.length === 0 ? <p>{t("claims.noLines")}</p> : null}
            {order.lines.map((line) => (
              <div key={line.key} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-2">
                <label className="flex flex-1 items-center gap-2">
                  <input type="checkbox" name="line" value={line.key} defaultChecked={values.lines.includes(line.key)} />
                  <span>{line.name}</span>
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <span>{t("claims.quantity", { bought: line.quantity })}</span>
                  <input
                    type="number"
                    name={`qty-${line.key}`}
                    min={1}
                    max={line.quantity}
                    defaultValue={values.quantities[line.key] ?? String(line.quantity)}
                    className="field-input w-20"
                  />
                </label>
              </div>
            ))}
            <ErrorText id="claim-lines-error" message={errors.lines} />
          </fieldset>

          <label className="flex flex-col gap-1">
            <span className="font-medium">{t("claims.reason")}</span>
            <select name="reason" required defaultValue={values.reason} className="field-input max-w-sm" {...invalid("reason")}>
              <option value="">{t("claims.chooseReason")}</option>
              {CLAIM_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`claims.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <ErrorText id="claim-reason-error" message={errors.reason} />
          </label>

          <label className="flex flex-col gap-1">
            <span className="font-medium">{t("claims.description")}</span>
            <textarea
              name="description"
              rows={6}
              required
              minLength={20}
              maxLength={DESCRIPTION_MAX}
              defaultValue={values.description}
              className="field-input"
              {...invalid("description")}
              aria-describedby={errors.description ? "claim-description-error claim-description-hint" : "claim-description-hint"}
            />
            <span id="claim-description-hint" className="text-sm text-ink-muted">
              {t("claims.descriptionHint")}
            </span>
            <ErrorText id="claim-description-error" message={errors.description} />
          </label>

          <label className="flex flex-col gap-1">
            <span className="font-medium">{t("claims.files")}</span>
            <input
              type="file"
              name="files"
              multiple
              accept={ACCEPT}
              {...invalid("files")}
              aria-describedby={errors.files ? "claim-files-error claim-files-hint" : "claim-files-hint"}
            />
            <span id="claim-files-hint" className="text-sm text-ink-muted">
              {t("claims.filesHint", { most: MAX_CLAIM_FILES, count: MAX_CLAIM_FILES })}
            </span>
            <ErrorText id="claim-files-error" message={errors.files} />
          </label>

          <button type="submit" className="button-primary self-start">
            {t("claims.submit")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
