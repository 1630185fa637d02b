import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { AccountLayout } from "~/components/account/AccountLayout";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage } from "~/components/forms/Field";
import { AddressFields } from "~/components/forms/AddressFields";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { Modal } from "~/components/Modal";
import { AddressIdSchema, AddressSchema } from "~/models/accounts/schemas";
import { countryOptions } from "~/models/accounts/countries.server";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";
import { addDeliveryAddress, deleteDeliveryAddress, listAddresses, updateDeliveryAddress } from "~/models/accounts/addresses.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";

// /delivery-addresses: the customer's saved addresses. ?add shows the form
// for a new one and ?edit={id} the form for one of theirs; every change is a
// POST that comes back here with a note of what was done. With JavaScript
// the two forms are spec 2's new-address and edit-address modals over the
// list; without it they are part of the page.
const guard = defineGuards("auth");

const DONE = ["added", "updated", "deleted"] as const;

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const [t, addresses, countries, site] = await Promise.all([
    i18nServer.getFixedT(locale),
    listAddresses(user.id),
    countryOptions(locale),
    siteForRequest(request),
  ]);
  const editing = editId === null ? null : addresses.find((address) => String(address.id) === editId);
  // Another customer's address id, or none at all, is simply not found.
  if (editing === undefined) throw notFound(request);
  const done = url.searchParams.get("done");
  return {
    title: t("account.navAddresses"),
    addresses,
    countries,
    editing,
    adding: editing === null && (url.searchParams.has("add") || addresses.length === 0),
    // The form of a customer with no address yet is the page itself, not a modal they asked for.
    asked: editing !== null || url.searchParams.has("add"),
    defaultCountryId: site.defaultCountryId,
    done: DONE.find((d) => d === done) ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = (done: (typeof DONE)[number]) => redirect(`${localePath(localeParam(params), "/delivery-addresses")}?done=${done}`, 303);

  // An id that is not one of the customer's addresses is simply not found.
  const addressId = () => {
    const parsed = v.safeParse(AddressIdSchema, Object.fromEntries(formData));
    if (!parsed.success) throw notFound(request);
    return parsed.output.id;
  };

  if (intent === "delete") {
    const result = await deleteDeliveryAddress(user.id, addressId());
    if (!result.ok) throw notFound(request);
    return back("deleted");
  }

  const { submission, value, failure } = parseForm(formData, AddressSchema);
  if (failure) return failure;
  const result = intent === "update" ? await updateDeliveryAddress(user.id, addressId(), value) : await addDeliveryAddress(user.id, value);
  if (!result.ok) {
    if (result.error === "not_found") throw notFound(request);
    return formRefusal(submission, result.error);
  }
  return back(intent === "update" ? "updated" : "added");
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DeliveryAddresses() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // With JavaScript the form is a modal over the list, so the link that opens it stays for focus to return to.
  const hydrated = useHydrated();
  const countryName = (id: number) => data.countries.find((c) => c.value === String(id))?.label ?? "";
  return (
    <AccountLayout title={data.title}>
      <FormMessage success={data.done ? t(`account.address_${data.done}`) : undefined} />
      {data.addresses.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={data.title}>
          {data.addresses.map((address) => (
            <li key={address.id} className="flex flex-col gap-3 rounded-2xl border border-line p-5">
              <address className="not-italic leading-relaxed">
                <strong>
                  {address.first_name} {address.last_name}
                </strong>
                <br />
                {address.first_address}
                <br />
                {address.zip} {address.city}
                <br />
                {countryName(address.country_id)}
                <br />
                {address.phone_number}
              </address>
              <div className="flex gap-2">
                <LocaleLink to={`/delivery-addresses?edit=${address.id}`} preventScrollReset className="button-secondary px-4 py-1.5 text-sm">
                  {t("account.editAddress")}
                  <span className="sr-only">: {address.first_address}</span>
                </LocaleLink>
                <DeleteButton id={address.id} label={address.first_address} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data.editing || data.adding ? <AddressForm key={data.editing?.id ?? "new"} data={data} /> : null}
      {!(data.editing || data.adding) || (hydrated && data.asked && data.addresses.length > 0) ? (
        <LocaleLink to="/delivery-addresses?add" preventScrollReset className="button-primary mt-6">
          {t("account.addAddress")}
        </LocaleLink>
      ) : null}
    </AccountLayout>
  );
}

function DeleteButton({ id, label }: { id: number; label: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="rounded-lg px-4 py-1.5 text-sm font-semibold text-danger hover:bg-danger-soft">
        {t("account.deleteAddress")}
        <span className="sr-only">: {label}</span>
      </button>
    </Form>
  );
}

function AddressForm({ data }: { data: LoaderData }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const editing = data.editing;
  const { form, fields, busy } = useSchemaForm(AddressSchema, {
    id: "address",
    lastResult,
    defaultValue: editing
      ? { ...editing, country_id: String(editing.country_id) }
      : { country_id: data.defaultCountryId ? String(data.defaultCountryId) : "" },
  });
  const heading = t(editing ? "account.editAddressTitle" : "account.addAddress");
  const navigate = useNavigate();
  const locale = useLocale();
  // Closed at once on Escape, while the list's own address (without ?add or ?edit) loads. Closed for
  // this visit only: an Edit clicked again before the list has come opens the form anew.
  const location = useLocation();
  const [closedOn, setClosedOn] = useState<string | null>(null);
  const open = closedOn !== location.key;
  const close = () => {
    setClosedOn(location.key);
    navigate(localePath(locale, "/delivery-addresses"), { replace: true, preventScrollReset: true });
  };
  return (
    <Modal open={open} onClose={close} title={heading} size="lg" mobile inPage modal={data.asked} className="[&:not(:modal)]:mt-8">
      {/* No action: the post goes to this URL with its ?edit or ?add, so a refused form comes back filled in. */}
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={editing ? "update" : "add"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="sm:col-span-2">
          <FormMessage errors={form.errors} />
        </div>
        <AddressFields fields={fields} countries={data.countries} />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="button-primary" disabled={busy}>
            {t(editing ? "account.save" : "account.addAddress")}
          </button>
          {data.addresses.length > 0 ? (
            <LocaleLink to="/delivery-addresses" preventScrollReset className="button-secondary">
              {t("account.cancel")}
            </LocaleLink>
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}
