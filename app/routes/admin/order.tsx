import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { NoteForm, NotesList } from "~/components/admin/Notes";
import { TypedField } from "~/components/admin/TypedField";
import { DataTable } from "~/components/admin/DataTable";
import { Field, FormMessage } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney, times } from "~/lib/money";
import { canTakeStep, deliverOrder, linesToShip, packOrder, shipOrder, type FulfilmentResult } from "~/models/fulfilment/fulfilment.server";
import { staffOrder } from "~/models/orders/staff-orders.server";
import { NoteSchema } from "~/models/notes/note-form";
import { addNote } from "~/models/notes/notes.server";
import { FulfilmentSchema } from "~/models/staff/schemas";
import { can, type Permission } from "~/models/staff/roles";
import { cancelOrder, type CancelResult } from "~/models/fulfilment/cancel.server";
import { refundOrder } from "~/models/payments/refunds.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { recordIdOf } from "~/web/admin/record-id";
import { routeCheckFailed } from "~/web/not-found";
import { Section, TableSection } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { StepForm, StepsSection } from "~/components/admin/Steps";
import { PostalAddress } from "~/components/admin/PostalAddress";
import { intlLocale } from "~/lib/i18n";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/orders/:id: one order as staff need it (lines, address, shipping,
// payments with the processors' references, balance movements, shipments,
// its audit trail) and the fulfilment steps it can take now.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.order.number);

const DONE = {
  pack: "admin.orders.packedDone",
  ship: "admin.orders.shippedDone",
  deliver: "admin.orders.deliveredDone",
  cancel: "admin.orders.cancelledDone",
  refund: "admin.orders.refundedDone",
  refund_part: "admin.orders.refundPartDone",
  note: "admin.notes.done",
} as const;
type Done = keyof typeof DONE;

/** The permission each of the page's forms needs: money back is a role of its own. */
const PERMISSION_OF: Record<Done, Permission> = {
  pack: "orders.fulfil",
  ship: "orders.fulfil",
  deliver: "orders.fulfil",
  cancel: "orders.fulfil",
  refund: "orders.refund",
  refund_part: "orders.refund",
  note: "notes.write",
};

const REFUNDABLE = new Set(["paid", "processing", "shipped", "delivered"]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "orders.read");
  const found = await recordOf(request, params.id, staffOrder);
  const { order } = found;
  const fulfils = can(staff.role, "orders.fulfil");
  const toShip = fulfils && canTakeStep("ship", order.status, order.kind) ? (await linesToShip(order.id)).filter((line) => line.left > 0) : [];
  return {
    ...found,
    toShip,
    mayNote: can(staff.role, "notes.write"),
    locale: intlLocale(staff.locale),
    done: doneMessage(request, DONE),
    steps: {
      pack: fulfils && canTakeStep("pack", order.status, order.kind),
      ship: fulfils && canTakeStep("ship", order.status, order.kind),
      deliver: fulfils && canTakeStep("deliver", order.status, order.kind),
      cancel: fulfils && order.kind === "marketplace" && order.status === "unpaid",
      refund: can(staff.role, "orders.refund") && REFUNDABLE.has(order.status) && order.refunded_minor < order.total_minor,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { staff, actor } = await staffFor(request, context, PERMISSION_OF[typeof intent === "string" && intent in DONE ? (intent as Done) : "pack"]);
  const orderId = recordIdOf(request, params.id);
  if (intent === "note") {
    const { value, failure } = parseForm(formData, NoteSchema, { form: "note" });
    if (failure) return failure;
    const result = await addNote(actor, "order", orderId, value.body);
    if (result.ok) return redirect(`/admin/orders/${orderId}?done=note`, 303);
    throw routeCheckFailed(request);
  }
  // The refund and the note have forms of their own on the page; their answers name them.
  const form = intent === "refund" ? "refund" : undefined;
  const { submission, value, failure } = parseForm(formData, FulfilmentSchema, { form });
  if (failure) return failure;
  if (value.intent === "refund") {
    const refund = await refundOrder(actor, orderId, { target: value.target, amountMinor: value.amount, reason: value.reason, version: value.version });
    if (refund.ok) return redirect(`/admin/orders/${orderId}?done=${refund.whole ? "refund" : "refund_part"}`, 303);
    if (refund.error === "stale") return staleRefusal(submission, staff.locale, refund, form);
    return refused(submission, staff.locale, `orders.refundRefused.${refund.error}`, undefined, refund.error === "too_much" ? 400 : 409, form);
  }
  let result: FulfilmentResult | CancelResult;
  if (value.intent === "pack") result = await packOrder(actor, orderId, value.version);
  else if (value.intent === "ship") {
    const label = formData.get("label");
    result = await shipOrder(actor, orderId, value.version, {
      carrier: value.carrier,
      trackingNumber: value.trackingNumber,
      lines: value.lines?.map((line) => ({ itemId: line.item, quantity: line.quantity })),
      label: label instanceof File && label.size > 0 ? new Uint8Array(await label.arrayBuffer()) : undefined,
    });
  }
  else if (value.intent === "cancel") result = await cancelOrder(actor, orderId, value.version);
  else result = await deliverOrder(actor, orderId, value.version);
  if (result.ok) return redirect(`/admin/orders/${orderId}?done=${value.intent}`, 303);
  if (result.error === "stale") return staleRefusal(submission, staff.locale, result);
  if (result.error === "not_found") throw routeCheckFailed(request);
  if (result.error === "tracking_taken") return refused(submission, staff.locale, "orders.trackingTaken", undefined, 409);
  if (result.error !== "wrong_status") return refused(submission, staff.locale, `orders.shipRefused.${result.error}`, undefined, 400);
  return refused(submission, staff.locale, "orders.wrongState", { status: result.status });
}

export default function Order() {
  const { order, items, toShip, notes, mayNote, payments, ledger, shipments, refunds, emails, trail, locale, done, steps } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, "EUR", locale);
  const { form, fields, busy } = useSchemaForm(FulfilmentSchema, { id: "fulfilment", lastResult: answer?.form === "refund" || answer?.form === "note" ? undefined : answer });
  const refundForm = useSchemaForm(FulfilmentSchema, { id: "refund", lastResult: replyFor(answer, "refund") });
  const address = order.address;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/orders", label: t("admin.orders.title") }}
        title={<>{order.number} · {t(`orders.status_${order.status}`)}</>}
        facts={<>{formatDateTime(order.created_at)} · {order.email ?? order.user_email ?? "—"} · {order.site ?? "—"} · {money(order.total_minor)}</>}
      />
      <FormMessage errors={form.errors ?? refundForm.form.errors} success={done && !form.errors ? t(done, { number: order.number }) : undefined} />

      <StepsSection title={t("admin.orders.fulfilment")} show={steps.pack || steps.ship || steps.deliver}>
        {steps.pack ? <StepForm intent="pack" seen={{ version: order.version }} label={t("admin.orders.pack")} busy={busy} /> : null}
        {steps.ship ? (
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid max-w-2xl gap-3 sm:grid-cols-2">
            <input type="hidden" name="version" value={order.version} />
            {toShip.length > 1 || toShip.some((line) => line.left > 1) ? (
              <div className="sm:col-span-2">
                <DataTable
                  caption={t("admin.orders.inThisParcel")}
                  rows={toShip.map((line, index) => ({ line, index }))}
                  rowKey={({ line }) => line.id}
                  empty="—"
                  columns={[
                    { header: t("admin.orders.product"), cell: ({ line }) => `${line.name} (${line.sku})` },
                    { header: t("admin.orders.leftToShip"), cell: ({ line }) => line.left, numeric: true },
                    {
                      header: t("admin.orders.inThisParcel"),
                      cell: ({ line, index }) => (
                        <>
                          <input type="hidden" name={`lines[${index}].item`} value={line.id} />
                          <label className="sr-only" htmlFor={`ship-line-${line.id}`}>
                            {t("admin.orders.inThisParcelOf", { name: line.name })}
                          </label>
                          <input id={`ship-line-${line.id}`} name={`lines[${index}].quantity`} type="number" min={0} max={line.left} defaultValue={line.left} className="field-input w-20 text-right" />
                        </>
                      ),
                    },
                  ]}
                />
              </div>
            ) : null}
            <Field field={fields.carrier} label={t("admin.orders.carrier")} />
            <Field field={fields.trackingNumber} label={t("admin.orders.trackingNumber")} />
            <div className="flex flex-col gap-1 sm:col-span-2">
              <label htmlFor="ship-label" className="text-sm font-medium">
                {t("admin.orders.label")}
              </label>
              <input id="ship-label" name="label" type="file" accept="application/pdf,image/png,image/jpeg,image/gif,image/webp" className="text-sm" />
            </div>
            <button type="submit" name="intent" value="ship" className="button-primary sm:col-span-2 sm:justify-self-start" disabled={busy}>
              {t("admin.orders.ship")}
            </button>
          </Form>
        ) : null}
        {steps.deliver ? <StepForm intent="deliver" seen={{ version: order.version }} label={t("admin.orders.deliver")} busy={busy} /> : null}
      </StepsSection>

      <StepsSection title={t("admin.orders.money")} show={steps.cancel || steps.refund}>
        {steps.cancel ? <StepForm intent="cancel" seen={{ version: order.version }} hint={t("admin.orders.cancelHint")} label={t("admin.orders.cancel")} busy={busy} /> : null}
        {steps.refund ? (
          <Form method="post" {...getFormProps(refundForm.form)} className="flex max-w-xl flex-col gap-3">
            <input type="hidden" name="version" value={order.version} />
            {order.refunded_minor > 0 ? <p className="text-sm">{t("admin.orders.refundedSoFar", { refunded: money(order.refunded_minor), total: money(order.total_minor) })}</p> : null}
            <fieldset className="flex flex-col gap-1">
              <legend className="font-medium">{t("admin.orders.refundTo")}</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="target" value="processor" required /> {t("admin.orders.refundToProcessor")}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="target" value="balance" required /> {t("admin.orders.refundToBalance")}
              </label>
              {refundForm.fields.target.errors ? <p className="text-sm font-medium text-danger">{t(refundForm.fields.target.errors[0]!)}</p> : null}
            </fieldset>
            <TypedField field={refundForm.fields.amount} label={t("admin.orders.refundAmount", { left: money(order.total_minor - order.refunded_minor) })} />
            <Field field={refundForm.fields.reason} label={t("admin.orders.refundReason")} />
            <button type="submit" name="intent" value="refund" className="button-secondary self-start" disabled={busy}>
              {t("admin.orders.refund")}
            </button>
          </Form>
        ) : null}
      </StepsSection>

      <TableSection
        title={t("admin.orders.lines")}
        rows={items}
        rowKey={(item) => item.id}
        columns={[
          { header: "SKU", cell: (item) => item.sku },
          { header: t("admin.orders.product"), cell: (item) => item.name },
          { header: t("admin.orders.quantity"), cell: (item) => item.quantity, numeric: true },
          { header: t("admin.orders.price"), cell: (item) => money(item.price_minor), numeric: true },
          { header: t("admin.orders.total"), cell: (item) => money(times(item.price_minor, item.quantity)), numeric: true },
        ]}
      />

      <div className="grid gap-6 md:grid-cols-2">
        <Section title={t("admin.orders.address")}>
          {address ? (
            <PostalAddress address={address} />
          ) : (
            <p>—</p>
          )}
        </Section>
        <Section title={t("admin.orders.shipping")}>
          <p className="rounded-lg bg-surface p-4 shadow-sm">
            {[order.shipping_method && t(`orders.shipping_${order.shipping_method}`), order.courier_name, order.pickup_point].filter(Boolean).join(" · ") || "—"}
            {order.packed_at ? (
              <>
                <br />
                {t("admin.orders.packed")}: {formatDateTime(order.packed_at)}
              </>
            ) : null}
            {order.shipped_at ? (
              <>
                <br />
                {t("admin.orders.shipped")}: {formatDateTime(order.shipped_at)}
              </>
            ) : null}
            {order.delivered_at ? (
              <>
                <br />
                {t("admin.orders.delivered")}: {formatDateTime(order.delivered_at)}
              </>
            ) : null}
          </p>
        </Section>
      </div>

      <TableSection
        title={t("admin.orders.shipments")}
        rows={shipments}
        rowKey={(shipment) => shipment.id}
        columns={[
          {
            header: t("admin.orders.trackingNumber"),
            cell: (shipment) => (
              <a className="link" href={`/tracking/${encodeURIComponent(shipment.tracking_number)}`}>
                {shipment.tracking_number}
              </a>
            ),
          },
          { header: t("admin.orders.carrier"), cell: (shipment) => shipment.carrier || "—" },
          { header: t("admin.orders.inThisParcel"), cell: (shipment) => shipment.lines ?? t("admin.orders.wholeOrder") },
          {
            header: t("admin.orders.labelShort"),
            cell: (shipment) =>
              shipment.label ? (
                <a className="link" href={`/admin/orders/${order.id}/labels/${shipment.id}`} download>
                  {t("admin.orders.download")}
                </a>
              ) : (
                "—"
              ),
          },
          { header: t("admin.orders.created"), cell: (shipment) => formatDateTime(shipment.created_at) },
        ]}
      />

      <TableSection
        title={t("admin.orders.payments")}
        rows={payments}
        rowKey={(payment) => payment.id}
        columns={[
          { header: t("admin.orders.processor"), cell: (payment) => payment.processor },
          { header: t("admin.orders.status"), cell: (payment) => t(`admin.orders.paymentStatuses.${payment.status}`) },
          { header: t("admin.orders.total"), cell: (payment) => money(payment.amount_minor), numeric: true },
          { header: t("admin.orders.refunded"), cell: (payment) => money(payment.refunded_minor), numeric: true },
          { header: t("admin.orders.reference"), cell: (payment) => payment.processor_ref ?? payment.transaction_id ?? "—" },
          { header: t("admin.orders.created"), cell: (payment) => formatDateTime(payment.created_at) },
        ]}
      />

      {refunds.length > 0 ? (
        <TableSection
          title={t("admin.orders.refunds")}
          rows={refunds}
          rowKey={(refund) => refund.id}
          columns={[
            { header: t("admin.orders.created"), cell: (refund) => formatDateTime(refund.created_at) },
            { header: t("admin.orders.toProcessor"), cell: (refund) => money(refund.to_processor_minor), numeric: true },
            { header: t("admin.orders.toBalance"), cell: (refund) => money(refund.to_balance_minor), numeric: true },
            { header: t("admin.orders.status"), cell: (refund) => t(`admin.orders.refundStatuses.${refund.status}`) },
            { header: t("admin.orders.reason"), cell: (refund) => refund.reason || "—" },
            { header: t("admin.orders.by"), cell: (refund) => refund.staff_email },
          ]}
        />
      ) : null}

      <TableSection
        title={t("admin.orders.emails")}
        rows={emails}
        rowKey={(email) => email.id}
        columns={[
          { header: t("admin.orders.created"), cell: (email) => formatDateTime(email.sent_at) },
          { header: t("admin.orders.emailKind"), cell: (email) => t(`admin.orders.emailKinds.${email.kind}`) },
          { header: t("admin.orders.sentTo"), cell: (email) => email.to_address },
          { header: t("admin.orders.subject"), cell: (email) => email.subject },
        ]}
      />

      {ledger.length > 0 ? (
        <TableSection
          title={t("admin.orders.ledger")}
          rows={ledger}
          rowKey={(entry) => entry.id}
          columns={[
            { header: t("admin.orders.created"), cell: (entry) => formatDateTime(entry.created_at) },
            { header: t("admin.orders.total"), cell: (entry) => money(entry.amount_minor), numeric: true },
            { header: t("admin.orders.balanceAfter"), cell: (entry) => money(entry.end_balance_minor), numeric: true },
          ]}
        />
      ) : null}

      <Section title={t("admin.notes.title")}>
        {mayNote ? <NoteForm lastResult={replyFor(answer, "note") ?? undefined} /> : null}
        <NotesList notes={notes} />
      </Section>

      <TrailSection entries={trail} />
    </div>
  );
}
