import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { TableSection } from "~/components/admin/Section";
import { Pager } from "~/components/admin/Pager";
import { TypedField } from "~/components/admin/TypedField";
import { Waited } from "~/components/admin/Waited";
import { FormMessage } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import type { ReservationStatus } from "~/models/db/schema";
import { ReservationChangeSchema } from "~/models/reservations/admin-schema";
import { allocations, cancelReservation, setAllocation, staffReservations } from "~/models/reservations/allocations.server";
import { HOLDING_STATUSES, reservationNumber, storageLabel } from "~/models/reservations/reservations";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { pageOf } from "~/web/admin/list-page";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/reservations: the phone reservations by status (pending ones, the
// day's queue, oldest first), each cancellable while it holds a phone; and
// each model, colour and storage with its allocation, reserved and left,
// with the form that sets an allocation (and price). The same use cases as
// `npm run admin -- reservation allocate|cancel`.

export const meta = adminMeta("admin.reservations.title");

const STATUSES: readonly ReservationStatus[] = ["pending", "confirmed", "cancelled", "expired"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "reservations.read");
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = asked === "all" ? undefined : (STATUSES.find((candidate) => candidate === asked) ?? "pending");
  const [list, options] = await Promise.all([staffReservations({ status, page: pageOf(url.searchParams) }), allocations()]);
  const done = url.searchParams.get("done");
  return {
    ...list,
    options,
    status: status ?? "all",
    locale: intlLocale(staff.locale),
    now: Date.now(),
    manages: can(staff.role, "reservations.manage"),
    done: done === "allocate" || done === "cancel" ? { key: done, what: url.searchParams.get("what") ?? "" } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "reservations.manage");
  const formData = await request.formData();
  const form = formData.get("intent") === "cancel" ? "cancel" : "allocate";
  const { submission, value, failure } = parseForm(formData, ReservationChangeSchema, { form });
  if (failure) return failure;
  const back = (what: string) => redirect(`/admin/reservations?${new URLSearchParams({ ...Object.fromEntries(new URL(request.url).searchParams), done: value.intent, what })}`, 303);
  if (value.intent === "cancel") {
    const outcome = await cancelReservation(actor, value.reservation);
    if (outcome.ok) return back(outcome.number);
    if (outcome.error === "not_found") return refused(submission, staff.locale, "notFound", undefined, 404, form);
    return refused(submission, staff.locale, "reservations.notHolding", { number: reservationNumber(value.reservation), status: outcome.status }, 409, form);
  }
  const outcome = await setAllocation(actor, { model: value.model, colour: value.colour, storageGb: value.storage, count: value.count, priceMinor: value.price });
  if (outcome.ok) return back(`${value.model}, ${value.colour}, ${storageLabel(value.storage)}`);
  if (outcome.error === "price_required") return refused(submission, staff.locale, "reservations.priceRequired", undefined, 409, form);
  return refused(submission, staff.locale, "reservations.belowReserved", { reserved: outcome.reserved }, 409, form);
}

export default function Reservations() {
  const { reservations, page, hasMore, options, status, locale, now, manages, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const cancel = useSchemaForm(ReservationChangeSchema, { id: "cancel", lastResult: replyFor(answer, "cancel") });
  const allocate = useSchemaForm(ReservationChangeSchema, { id: "allocate", lastResult: replyFor(answer, "allocate") });
  const fields = allocate.fields as unknown as Record<"model" | "colour" | "storage" | "count" | "price", Parameters<typeof TypedField>[0]["field"]>;
  const errors = [...(cancel.form.errors ?? []), ...(allocate.form.errors ?? [])];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.reservations.title")}</h1>
      <FormMessage errors={errors.length ? errors : undefined} success={done && !errors.length ? t(`admin.reservations.done.${done.key}`, { what: done.what }) : undefined} />
      <Filters>
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={status} choices={choicesOf(STATUSES, (value) => t(`admin.reservations.statuses.${value}`), [{ value: "all", label: t("admin.orders.anyStatus") }])} />
      </Filters>
      <DataTable
        caption={t("admin.reservations.title")}
        rows={reservations}
        rowKey={(reservation) => reservation.id}
        empty={t("admin.reservations.empty")}
        columns={[
          { header: t("admin.orders.number"), cell: (reservation) => <span className="font-semibold">{reservation.number}</span> },
          { header: t("admin.orders.status"), cell: (reservation) => t(`admin.reservations.statuses.${reservation.status}`) },
          { header: t("admin.reservations.phone"), cell: (reservation) => `${reservation.model}, ${reservation.colour}, ${storageLabel(reservation.storage_gb)}` },
          { header: t("admin.reservations.holder"), cell: (reservation) => `${reservation.name} · ${reservation.email} · ${reservation.phone}` },
          { header: t("admin.forwarding.age"), cell: (reservation) => <Waited since={reservation.created_at} now={now} /> },
          {
            header: t("admin.reservations.expires"),
            cell: (reservation) => (reservation.status === "pending" ? <span className="whitespace-nowrap">{formatDateTime(reservation.expires_at)}</span> : "—"),
          },
          ...(manages
            ? [
                {
                  header: t("admin.staff.actions"),
                  cell: (reservation: (typeof reservations)[number]) =>
                    HOLDING_STATUSES.includes(reservation.status) ? (
                      <Form method="post">
                        <input type="hidden" name="reservation" value={reservation.id} />
                        <button type="submit" name="intent" value="cancel" className="button-secondary text-sm" disabled={cancel.busy}>
                          {t("admin.reservations.cancel", { number: reservation.number })}
                        </button>
                      </Form>
                    ) : (
                      "—"
                    ),
                },
              ]
            : []),
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.reservations.title")} />

      <TableSection
        title={t("admin.reservations.allocations")}
        rows={options}
        rowKey={(option) => option.id}
        empty={t("admin.reservations.noOptions")}
        columns={[
          { header: t("admin.reservations.phone"), cell: (option) => `${option.model}, ${option.colour}, ${storageLabel(option.storage_gb)}` },
          { header: t("admin.reservations.price"), cell: (option) => formatMoney(option.price_minor, "EUR", locale), numeric: true },
          { header: t("admin.reservations.allocation"), cell: (option) => option.allocation, numeric: true },
          { header: t("admin.reservations.reserved"), cell: (option) => option.reserved, numeric: true },
          { header: t("admin.reservations.left"), cell: (option) => option.left, numeric: true },
        ]}
      >
        {manages ? (
          <Form method="post" {...getFormProps(allocate.form)} className="grid gap-3 rounded-lg bg-surface p-4 shadow-sm sm:grid-cols-3">
            <h3 className="font-semibold sm:col-span-3">{t("admin.reservations.allocateTitle")}</h3>
            <p className="text-sm text-ink-muted sm:col-span-3">{t("admin.reservations.allocateHint")}</p>
            <TypedField field={fields.model} label={t("admin.reservations.model")} inputMode="text" />
            <TypedField field={fields.colour} label={t("admin.reservations.colour")} inputMode="text" />
            <TypedField field={fields.storage} label={t("admin.reservations.storage")} inputMode="text" />
            <TypedField field={fields.count} label={t("admin.reservations.count")} inputMode="text" />
            <TypedField field={fields.price} label={t("admin.reservations.priceOptional")} />
            <div className="flex items-end">
              <button type="submit" name="intent" value="allocate" className="button-primary" disabled={allocate.busy}>
                {t("admin.reservations.allocate")}
              </button>
            </div>
          </Form>
        ) : null}
      </TableSection>
    </div>
  );
}
