import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { ReservationSchema, type ReservationFormValues } from "~/models/reservations/form";
import { MAX_PER_MODEL } from "~/models/reservations/reservations";

export type OptionChoice = { id: number; colour: string; storage: string; price: string; left: number };

type Props = {
  model: string;
  options: OptionChoice[];
  lastResult?: SubmissionResult<string[]> | null;
  defaults: { name?: string; email?: string };
};

/**
 * Colour and storage as one choice (what is left is per combination), the
 * contact details and the policy; a plain POST form that the server checks
 * with the same schema. A sold-out combination is shown but cannot be chosen.
 */
export function ReservationForm({ model, options, lastResult, defaults }: Props) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<ReservationFormValues>(ReservationSchema, { id: "iphone-reservation", lastResult, defaultValue: defaults });
  const chosen = fields.option.initialValue;
  const optionError = fields.option.errors?.[0];
  const policyError = fields.policy.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-2xl flex-col gap-6">
      <HoneypotInputs label={t("auth.honeypot")} />
      {form.errors?.length ? (
        <div role="alert" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {form.errors.map((error) => (
            <p key={error}>{t(error, { max: MAX_PER_MODEL, count: MAX_PER_MODEL })}</p>
          ))}
        </div>
      ) : null}
      <fieldset aria-describedby={optionError ? fields.option.errorId : undefined}>
        <legend className="mb-2 text-lg font-semibold">
          {model}: {t("reservation.choice")}
        </legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const soldOut = option.left === 0;
            const id = `${fields.option.id}-${option.id}`;
            return (
              <li key={option.id}>
                <label
                  htmlFor={id}
                  className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 ${soldOut ? "border-line text-ink-muted" : "cursor-pointer border-line-strong has-[:checked]:border-brand"}`}
                >
                  <input
                    key={`${fields.option.key ?? ""}-${option.id}`}
                    id={id}
                    type="radio"
                    name={fields.option.name}
                    value={option.id}
                    defaultChecked={!soldOut && chosen === String(option.id)}
                    disabled={soldOut}
                    className="size-4 accent-[var(--sf-brand)]"
                  />
                  <span className="flex-1 font-medium">
                    {option.colour}, {option.storage}
                  </span>
                  <span className="tabular-nums">{option.price}</span>
                  <span className={`w-full pl-7 text-sm ${soldOut ? "font-semibold" : "text-ink-muted"}`}>
                    {soldOut ? t("reservation.soldOut") : t("reservation.left", { count: option.left })}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {optionError ? (
          <p id={fields.option.errorId} className="mt-2 text-sm font-medium text-danger">
            {t(optionError)}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t("reservation.contact")}</legend>
        <Field field={fields.name} label={t("reservation.name")} autoComplete="name" />
        <Field field={fields.email} label={t("reservation.email")} type="email" autoComplete="email" />
        <Field field={fields.phone} label={t("reservation.phone")} type="tel" autoComplete="tel" hint={t("reservation.phoneHint")} />
      </fieldset>
      <div>
        <label htmlFor={fields.policy.id} className="flex items-center gap-2">
          <input
            key={fields.policy.key}
            id={fields.policy.id}
            type="checkbox"
            name={fields.policy.name}
            defaultChecked={fields.policy.initialValue === "on"}
            aria-invalid={policyError ? true : undefined}
            aria-describedby={policyError ? fields.policy.errorId : undefined}
            className="size-4 accent-[var(--sf-brand)]"
          />
          {t("reservation.acceptPolicy")}
        </label>
        <LocaleLink to="/reservation-policy" className="link mt-1 inline-block text-sm">
          {t("reservation.readPolicy")}
        </LocaleLink>
        {policyError ? (
          <p id={fields.policy.errorId} className="text-sm font-medium text-danger">
            {t(policyError)}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("reservation.submit")}
      </button>
    </Form>
  );
}
