import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { CheckoutFrame } from "~/components/checkout/CheckoutFrame";
import { Modal } from "~/components/Modal";
import { usePrice } from "~/hooks/use-price";
import { localePath } from "~/lib/i18n";
import { sum } from "~/lib/money";
import { countryOptions } from "~/models/accounts/countries.server";
import { SHIPPING_METHODS } from "~/models/cart/cart";
import { AddressSchema } from "~/models/accounts/schemas";
import { CHECKOUT_ERROR_FIELD, CHECKOUT_ERROR_MESSAGE, NO_DELIVERY, ShippingStepSchema } from "~/models/checkout/checkout";
import { AddressFields } from "~/components/forms/AddressFields";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { replyWith, parseForm } from "~/web/form-reply.server";
import { loadCheckout } from "~/web/checkout/checkout-page.server";
import { saveShippingStep } from "~/models/checkout/checkout.server";
import { defineGuards } from "~/web/guards.server";
import { privatePage } from "~/web/private-page";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// /checkout/{slug} (spec 2, checkout layout; step 3): the email for a
// guest, the address (a saved one or a new one), air or sea, and local
// delivery to the door or to a parcel locker. One plain form, so it works
// before JavaScript loads; lockers are found by city or postcode with a
// GET form of their own (the shipping-select modal with JavaScript).
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const { data: checkout, t, locale, near } = await loadCheckout(request, params);
  return { checkout, near, countries: await countryOptions(locale), title: t("checkout.steps.shipping") };
}

const NEW_ADDRESS = "new";
const ADDRESS_FIELDS = ["first_name", "last_name", "first_address", "city", "zip", "phone_number", "country_id"] as const;

// The form as posted: a saved address's id, or "new" and the address's
// fields (AddressSchema's, as in the account); the rest is checked by the
// step's own schema once it is put in the step's shape. Each courier's
// locker has a field of its own (parcel_shop_{courier}); only the chosen
// courier's is read.
const choices = { email: v.optional(v.string()), shipping_method: v.optional(v.string()), delivery_method: v.optional(v.string()) };
const ShippingFormSchema = v.variant(
  "address_choice",
  [
    v.object({ address_choice: v.literal(NEW_ADDRESS), ...AddressSchema.entries, ...choices }),
    v.object({ address_choice: v.pipe(v.string(), v.regex(/^\d{1,9}$/)), ...choices }),
  ],
  "checkout.errors.addressRequired",
);
type ShippingForm = v.InferOutput<typeof ShippingFormSchema>;

/** The form's fields as the step's input. */
function stepInput(form: ShippingForm, posted: Record<string, unknown>) {
  const { address_choice: choice, email, shipping_method, delivery_method: delivery = String(NO_DELIVERY) } = form;
  const address = "first_name" in form ? pick(form, ADDRESS_FIELDS) : { id: choice };
  const parcelShop = posted[`parcel_shop_${delivery}`];
  return {
    email,
    address,
    shipping_method,
    delivery_method: delivery === String(NO_DELIVERY) ? NO_DELIVERY : delivery,
    parcel_shop: typeof parcelShop === "string" && parcelShop ? parcelShop : null,
  };
}

function pick<T, K extends keyof T>(from: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/** Each message by the field it belongs to; one for a field not on show (a saved address's country, say) is the form's. */
function stepErrors(form: ShippingForm, messages: Array<[field: string | undefined, message: string]>) {
  const fields: Record<string, string[]> = {};
  const own: string[] = [];
  const onShow = (name: string) => name !== "address" && (form.address_choice === NEW_ADDRESS || !(ADDRESS_FIELDS as readonly string[]).includes(name));
  for (const [field, message] of messages) {
    const name = field === "parcel_shop" ? `parcel_shop_${form.delivery_method}` : field;
    if (name && onShow(name)) (fields[name] ??= []).push(message);
    else own.push(message);
  }
  return { form: own, fields };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const { checkout, owner, locale } = await loadCheckout(request, params);
  const { submission, value, failure } = parseForm(await request.formData(), ShippingFormSchema);
  if (failure) return failure;
  const parsed = v.safeParse(ShippingStepSchema, stepInput(value, submission.payload));
  if (!parsed.success) {
    const messages = parsed.issues.map((issue): [string | undefined, string] => [v.getDotPath(issue)?.split(".").at(-1), issue.message]);
    return replyWith(submission, 400, stepErrors(value, messages));
  }
  const outcome = await saveShippingStep(checkout, owner, parsed.output);
  if (!outcome.ok) return replyWith(submission, REFUSAL_STATUS.checkout[outcome.error], stepErrors(value, [[CHECKOUT_ERROR_FIELD[outcome.error], CHECKOUT_ERROR_MESSAGE[outcome.error]]]));
  throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
}

export default function ShippingStep() {
  const { checkout, near, countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const price = usePrice();
  const address = checkout.address;
  const saved = checkout.client_addresses;
  const typed = address && !address.id ? address : null;
  const { form, fields, busy } = useSchemaForm<ShippingForm>(ShippingFormSchema, {
    id: "shipping",
    lastResult,
    defaultValue: {
      address_choice: address?.id ? String(address.id) : saved.length && !address ? String(saved.at(-1)!.id) : NEW_ADDRESS,
      ...(typed ? pick(typed, ADDRESS_FIELDS) : {}),
      country_id: String(address?.country_id ?? checkout.country_id ?? ""),
      email: checkout.email ?? "",
      shipping_method: checkout.selected_shipping_method,
      delivery_method: String(checkout.delivery_method),
      ...Object.fromEntries(checkout.courier_info?.parcelshop_id ? [[`parcel_shop_${checkout.courier_info.id}`, String(checkout.courier_info.parcelshop_id)]] : []),
    },
  });
  // What the shopper chose last: the form's values as posted, else the checkout's.
  const values: Record<string, unknown> = form.initialValue ?? {};
  const chosen = (name: string) => (typeof values[name] === "string" ? values[name] : "");
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const chosenDelivery = chosen("delivery_method");

  return (
    <CheckoutFrame data={checkout} current="shipping">
      <FormMessage errors={form.errors} />

      <LockerFinder near={near} />

      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        {checkout.client_addresses.length === 0 || !checkout.email ? (
          <section className="flex flex-col gap-2 rounded-xl border border-line p-4">
            <h2 className="font-semibold">{t("checkout.contact")}</h2>
            <Field field={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
          </section>
        ) : null}

        <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("checkout.address")}</legend>
          {saved.map((option) => (
            <label key={option.id} className="flex items-start gap-3">
              <input type="radio" name="address_choice" value={String(option.id)} defaultChecked={chosen("address_choice") === String(option.id)} className="mt-1" />
              <span>
                {option.first_name} {option.last_name}, {option.first_address}, {option.city} {option.zip}
              </span>
            </label>
          ))}
          {saved.length ? (
            <label className="flex items-center gap-3">
              <input type="radio" name="address_choice" value={NEW_ADDRESS} defaultChecked={chosen("address_choice") === NEW_ADDRESS} />
              <span>{t("checkout.newAddress")}</span>
            </label>
          ) : (
            <input type="hidden" name="address_choice" value={NEW_ADDRESS} />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <AddressFields fields={fields} countries={countries} />
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("cart.shippingMethod")}</legend>
          <ChoiceError message={errorOf("shipping_method")} />
          {SHIPPING_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-3 rounded-lg border border-line-strong p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
              <input type="radio" name="shipping_method" value={method} defaultChecked={chosen("shipping_method") === method} />
              <span className="flex-1">
                <span className="block font-medium">{t(`cart.method_${method}`)}</span>
                <span className="block text-sm text-ink-muted">{t(`cart.method_${method}_time`)}</span>
              </span>
              <span className="tabular-nums">{price(sum([checkout.shipping_methods[method], checkout.shipping_discounts[method]]))}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("checkout.localDelivery")}</legend>
          <ChoiceError message={errorOf("delivery_method")} />
          <label className="flex items-center gap-3 rounded-lg border border-line-strong p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
            <input type="radio" name="delivery_method" value={String(NO_DELIVERY)} defaultChecked={chosenDelivery === String(NO_DELIVERY)} />
            <span className="flex-1">{t("checkout.noDelivery")}</span>
            <span className="tabular-nums">{price(0)}</span>
          </label>
          {checkout.local_delivery_couriers.map((courier) => (
            <div key={courier.id} className="rounded-lg border border-line-strong p-3 has-[input:checked]:border-brand has-[input:checked]:bg-brand-soft">
              <label className="flex items-center gap-3">
                <input type="radio" name="delivery_method" value={String(courier.id)} defaultChecked={chosenDelivery === String(courier.id)} />
                <span className="flex-1">
                  <span className="block font-medium">{courier.name}</span>
                  <span className="block text-sm text-ink-muted">{t(`checkout.deliveryType_${courier.local_delivery_type}`)}</span>
                </span>
                <span className="tabular-nums">{price(courier.delivery_fee)}</span>
              </label>
              {courier.has_pickup_points ? (
                <label className="mt-2 flex flex-col gap-1 text-sm">
                  {t("checkout.locker", { courier: courier.name })}
                  <select
                    name={`parcel_shop_${courier.id}`}
                    defaultValue={chosen(`parcel_shop_${courier.id}`)}
                    aria-invalid={errorOf(`parcel_shop_${courier.id}`) ? true : undefined}
                    className="field-input"
                  >
                    <option value="">{courier.pickup_points.length ? t("checkout.chooseLocker") : t("checkout.noLockersFound")}</option>
                    {courier.pickup_points.map((point) => (
                      <option key={point.parcelshop_id} value={String(point.parcelshop_id)}>
                        {point.name} — {point.address}, {point.city}
                      </option>
                    ))}
                  </select>
                  <ChoiceError message={errorOf(`parcel_shop_${courier.id}`)} />
                </label>
              ) : null}
            </div>
          ))}
        </fieldset>

        <button type="submit" className="button-primary self-end" disabled={busy}>
          {t("checkout.toPayment")}
        </button>
      </Form>
    </CheckoutFrame>
  );
}

/**
 * Spec 2's shipping-select modal: parcel lockers found by city or postcode.
 * Without JavaScript it is a GET form of the page; with it, a button opens
 * it as a modal, and the lockers found fill the step's locker choices while
 * what the shopper typed in the step's form stays.
 */
function LockerFinder({ near }: { near: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      {hydrated ? (
        <button type="button" onClick={() => setOpen(true)} className="button-secondary self-start">
          {t("checkout.findLockers")}
        </button>
      ) : null}
      <Modal open={!hydrated || open} onClose={() => setOpen(false)} title={t("checkout.findLockers")} size="md" mobile inPage modal={hydrated}>
        <Form method="get" preventScrollReset onSubmit={() => setOpen(false)} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-1 flex-col text-sm">
            {t("checkout.cityOrPostcode")}
            <input name="near" defaultValue={near} className="field-input mt-1" maxLength={40} data-autofocus />
          </label>
          <button type="submit" className="button-secondary">
            {t("checkout.find")}
          </button>
        </Form>
      </Modal>
    </>
  );
}

/** The message of a choice (freight, courier, locker), under it. */
function ChoiceError({ message }: { message?: string }) {
  const { t } = useTranslation();
  return message ? <p className="text-sm font-medium text-danger">{t(message)}</p> : null;
}
