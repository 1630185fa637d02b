import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { CheckoutFrame } from "~/components/checkout/CheckoutFrame";
import { usePrice } from "~/hooks/use-price";
import { localePath } from "~/lib/i18n";
import { sum } from "~/lib/money";
import { countryOptions } from "~/models/accounts/countries.server";
import { SHIPPING_METHODS } from "~/models/cart/cart";
import { CHECKOUT_ERROR_FIELD, NO_DELIVERY, ShippingStepSchema, type CheckoutAddressSchema } from "~/models/checkout/checkout";
import { loadCheckout, stepRefusal } from "~/web/checkout/checkout-page.server";
import { saveShippingStep } from "~/models/checkout/checkout.server";
import { defineGuards } from "~/web/guards.server";
import { privatePage } from "~/web/private-page";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// /checkout/{slug} (spec 2, checkout layout; step 3): the email for a
// guest, the address (a saved one or a new one), air or sea, and local
// delivery to the door or to a parcel locker. One plain form, so it works
// before JavaScript loads; lockers are found by city or postcode with a
// GET form of their own.
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const { data: checkout, t, locale, near } = await loadCheckout(request, params);
  return { checkout, near, countries: await countryOptions(locale), title: t("checkout.steps.shipping") };
}

type StepAnswer = { error: string; field: string | null; values: Record<string, string> };

const NEW_ADDRESS = "new";

/** The form's flat fields as the step's input. */
function stepInput(form: Record<string, string>) {
  const choice = form.address_choice ?? NEW_ADDRESS;
  const address =
    choice === NEW_ADDRESS
      ? { first_name: form.first_name, last_name: form.last_name, first_address: form.first_address, city: form.city, zip: form.zip, phone_number: form.phone_number, country_id: form.country_id }
      : { id: choice };
  const delivery = form.delivery_method ?? String(NO_DELIVERY);
  return {
    email: form.email || undefined,
    address,
    shipping_method: form.shipping_method,
    delivery_method: delivery === String(NO_DELIVERY) ? NO_DELIVERY : delivery,
    parcel_shop: form[`parcel_shop_${delivery}`] || null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const { checkout, owner, t, locale } = await loadCheckout(request, params);
  const form = Object.fromEntries([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = v.safeParse(ShippingStepSchema, stepInput(form));
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? "";
    return data({ error: t(issue.message), field: path.split(".").at(-1) ?? null, values: form } satisfies StepAnswer, { status: 400 });
  }
  const outcome = await saveShippingStep(checkout, owner, parsed.output);
  if (!outcome.ok) return data({ ...stepRefusal(t, outcome.error, CHECKOUT_ERROR_FIELD[outcome.error]), values: form } satisfies StepAnswer, { status: REFUSAL_STATUS.checkout[outcome.error] });
  throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
}

export default function ShippingStep() {
  const { checkout, near, countries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const price = usePrice();
  const values = answer?.values ?? {};
  const address = checkout.address;
  const saved = checkout.client_addresses;
  const chosenAddress = values.address_choice ?? (address?.id ? String(address.id) : saved.length && !address ? String(saved.at(-1)!.id) : NEW_ADDRESS);
  const typed = (name: keyof typeof CheckoutAddressSchema.entries) => values[name] ?? (address && !address.id ? String(address[name] ?? "") : "");
  const fieldError = (name: string) => (answer?.field === name ? answer.error : null);
  const chosenDelivery = values.delivery_method ?? String(checkout.delivery_method);

  return (
    <CheckoutFrame data={checkout} current="shipping">
      {answer ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {answer.error}
        </p>
      ) : null}

      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-xl border border-line p-4" aria-labelledby="find-lockers">
        <h2 id="find-lockers" className="w-full font-semibold">
          {t("checkout.findLockers")}
        </h2>
        <label className="flex flex-1 flex-col text-sm">
          {t("checkout.cityOrPostcode")}
          <input name="near" defaultValue={near} className="field-input mt-1" maxLength={40} />
        </label>
        <button type="submit" className="button-secondary">
          {t("checkout.find")}
        </button>
      </Form>

      <Form method="post" className="flex flex-col gap-6" noValidate>
        {checkout.client_addresses.length === 0 || !checkout.email ? (
          <section className="flex flex-col gap-2 rounded-xl border border-line p-4">
            <h2 className="font-semibold">{t("checkout.contact")}</h2>
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("auth.email")}</span>
              <input
                type="email"
                name="email"
                autoComplete="email"
                defaultValue={values.email ?? checkout.email ?? ""}
                aria-invalid={fieldError("email") ? true : undefined}
                className="field-input"
              />
            </label>
          </section>
        ) : null}

        <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("checkout.address")}</legend>
          {saved.map((option) => (
            <label key={option.id} className="flex items-start gap-3">
              <input type="radio" name="address_choice" value={String(option.id)} defaultChecked={chosenAddress === String(option.id)} className="mt-1" />
              <span>
                {option.first_name} {option.last_name}, {option.first_address}, {option.city} {option.zip}
              </span>
            </label>
          ))}
          {saved.length ? (
            <label className="flex items-center gap-3">
              <input type="radio" name="address_choice" value={NEW_ADDRESS} defaultChecked={chosenAddress === NEW_ADDRESS} />
              <span>{t("checkout.newAddress")}</span>
            </label>
          ) : (
            <input type="hidden" name="address_choice" value={NEW_ADDRESS} />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {(["first_name", "last_name", "first_address", "city", "zip", "phone_number"] as const).map((name) => (
              <label key={name} className={`flex flex-col gap-1 ${name === "first_address" ? "sm:col-span-2" : ""}`}>
                <span className="font-medium">{t(FIELD_LABEL[name]!)}</span>
                <input
                  name={name}
                  type={name === "phone_number" ? "tel" : "text"}
                  defaultValue={typed(name)}
                  autoComplete={AUTOCOMPLETE[name]}
                  aria-invalid={fieldError(name) ? true : undefined}
                  className="field-input"
                />
              </label>
            ))}
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("account.country")}</span>
              <select name="country_id" defaultValue={values.country_id ?? String(address?.country_id ?? checkout.country_id ?? "")} className="field-input">
                {countries.map((country) => (
                  <option key={country.value} value={country.value}>
                    {country.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("cart.shippingMethod")}</legend>
          {SHIPPING_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-3 rounded-lg border border-line-strong p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
              <input type="radio" name="shipping_method" value={method} defaultChecked={(values.shipping_method ?? checkout.selected_shipping_method) === method} />
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
                    defaultValue={values[`parcel_shop_${courier.id}`] ?? String(checkout.courier_info?.id === courier.id ? (checkout.courier_info.parcelshop_id ?? "") : "")}
                    aria-invalid={fieldError("parcel_shop") && chosenDelivery === String(courier.id) ? true : undefined}
                    className="field-input"
                  >
                    <option value="">{courier.pickup_points.length ? t("checkout.chooseLocker") : t("checkout.noLockersFound")}</option>
                    {courier.pickup_points.map((point) => (
                      <option key={point.parcelshop_id} value={String(point.parcelshop_id)}>
                        {point.name} — {point.address}, {point.city}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
          ))}
        </fieldset>

        <button type="submit" className="button-primary self-end">
          {t("checkout.toPayment")}
        </button>
      </Form>
    </CheckoutFrame>
  );
}

const FIELD_LABEL: Record<string, string> = {
  first_name: "auth.firstName",
  last_name: "auth.lastName",
  first_address: "account.street",
  city: "account.city",
  zip: "account.zip",
  phone_number: "account.phone",
};

const AUTOCOMPLETE: Record<string, string> = {
  first_name: "given-name",
  last_name: "family-name",
  first_address: "street-address",
  city: "address-level2",
  zip: "postal-code",
  phone_number: "tel",
};
