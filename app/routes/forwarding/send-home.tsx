import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate } from "~/lib/format";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { listAddresses } from "~/models/accounts/addresses.server";
import { requestForwarding, type ForwardError } from "~/models/forwarding/forward-requests.server";
import { forwardableParcels, warehouseByCode } from "~/models/forwarding/parcels.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /create-order/{warehouse code} (spec 2, create-order layout, noindex):
// the customer picks parcels waiting at that warehouse, air or sea and a
// delivery address, and asks for them to be sent home together. A parcel
// not yet arrived, someone else's or already in a request is refused and
// nothing changes.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

const ERROR_KEY: Record<ForwardError | "method", string> = {
  unknown_warehouse: "forwarding.errors.warehouse",
  no_parcels: "forwarding.errors.noParcels",
  parcel_unavailable: "forwarding.errors.parcelUnavailable",
  unknown_address: "forwarding.errors.unknownAddress",
  method: "forwarding.errors.method",
};

async function page(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await guard({ request, params });
  const warehouse = await warehouseByCode(params["*"] ?? "");
  if (!warehouse) throw notFound(request);
  return { user, warehouse };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, warehouse } = await page(request, params);
  const locale = localeParam(params);
  const money = (amount: number) => formatMoney(amount, "EUR", intlLocale(locale));
  const [t, parcels, addresses] = await Promise.all([i18nServer.getFixedT(locale), forwardableParcels(user.id, warehouse.code), listAddresses(user.id)]);
  const storage = parcels.reduce((sum, p) => sum + p.storage_fee_minor, 0);
  return {
    title: t("forwarding.create.title", { warehouse: warehouse.name }),
    parcels: parcels.map((p) => ({
      id: p.id,
      label: `${p.tracking_number} · ${p.store_name}`,
      arrived: p.arrived_at ? formatDate(p.arrived_at) : "",
      fee: money(p.storage_fee_minor),
    })),
    storage: money(storage),
    addresses: addresses.map((a) => ({ id: Number(a.id), label: `${a.first_name} ${a.last_name}, ${a.first_address}, ${a.zip} ${a.city}` })),
  };
}

type Answer = { error: string; values: { parcels: string[]; method: string; address: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, warehouse } = await page(request, params);
  const locale = localeParam(params);
  const form = await request.formData();
  const values = {
    parcels: form.getAll("parcel").filter((v): v is string => typeof v === "string"),
    method: String(form.get("method") ?? ""),
    address: String(form.get("address") ?? ""),
  };
  const refuse = (error: keyof typeof ERROR_KEY) => data({ error: ERROR_KEY[error], values } satisfies Answer, { status: 400 });
  if (values.method !== "air" && values.method !== "sea") return refuse("method");
  const parcelIds = values.parcels.map(Number);
  if (parcelIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) return refuse("parcel_unavailable");
  const addressId = Number(values.address);
  if (!Number.isSafeInteger(addressId) || addressId <= 0) return refuse("unknown_address");
  const site = await siteForRequest(request);
  const currencyId = site.currencies.find((c) => c.iso_code === "EUR")?.id ?? 1;
  const made = await requestForwarding(user.id, site.id, currencyId, { warehouseCode: warehouse.code, parcelIds, method: values.method, addressId });
  if (!made.ok) return refuse(made.error);
  throw redirect(`${localePath(locale, `/my-parcels/forward/${made.slug}`)}?sent=1`, 303);
}

export default function CreateForwardRequestPage() {
  const { title, parcels, storage, addresses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const chosen = new Set(answer?.values.parcels ?? []);
  const method = answer?.values.method ?? "air";
  const address = answer?.values.address ?? String(addresses[0]?.id ?? "");
  return (
    <AccountLayout title={title}>
      <p className="mb-4 text-ink-muted">{t("forwarding.create.intro")}</p>
      {answer ? <ErrorAlert className="mb-4">{t(answer.error)}</ErrorAlert> : null}
      {parcels.length === 0 ? (
        <p>
          {t("forwarding.create.none")}{" "}
          <LocaleLink to="/my-parcels" className="link underline">
            {t("forwarding.request.back")}
          </LocaleLink>
        </p>
      ) : (
        <Form method="post" className="flex max-w-2xl flex-col gap-6" noValidate>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">{t("forwarding.create.parcels")}</legend>
            {parcels.map((p) => (
              <label key={p.id} className="flex items-start gap-2">
                <input type="checkbox" name="parcel" value={p.id} defaultChecked={answer ? chosen.has(String(p.id)) : true} className="mt-1" />
                {p.label} ({p.arrived}; {t("forwarding.create.parcelFee", { amount: p.fee })})
              </label>
            ))}
            <p className="text-sm text-ink-muted">{t("forwarding.create.storageTotal", { amount: storage })}</p>
          </fieldset>
          <fieldset className="flex gap-6">
            <legend className="mb-1 font-medium">{t("forwarding.create.method")}</legend>
            {(["air", "sea"] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name="method" value={m} defaultChecked={method === m} />
                {t(`forwarding.create.${m}`)}
              </label>
            ))}
          </fieldset>
          {addresses.length ? (
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("forwarding.create.address")}</span>
              <select name="address" defaultValue={address} className="field-input">
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p>
              {t("forwarding.create.noAddress")}{" "}
              <LocaleLink to="/delivery-addresses" className="link underline">
                {t("forwarding.create.addAddress")}
              </LocaleLink>
            </p>
          )}
          <button type="submit" className="button-primary self-start" disabled={addresses.length === 0}>
            {t("forwarding.create.submit")}
          </button>
        </Form>
      )}
    </AccountLayout>
  );
}
