import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import * as v from "valibot";
import { TrailSection } from "~/components/admin/AuditTrail";
import { DataTable, type Column } from "~/components/admin/DataTable";
import { NoteForm, NotesList } from "~/components/admin/Notes";
import { Pager } from "~/components/admin/Pager";
import { TypedField } from "~/components/admin/TypedField";
import { Field, FormMessage } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { adjustBalance } from "~/models/balance/adjust.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE, showBalanceEntry } from "~/models/balance/balance-entry";
import { sendCustomerPasswordReset, setCustomerBlocked } from "~/models/customers/customer-access.server";
import { AdjustBalanceSchema, BlockSchema, SendResetSchema } from "~/models/customers/schemas";
import { staffCustomer } from "~/models/customers/staff-customers.server";
import { NoteSchema } from "~/models/notes/note-form";
import { addNote } from "~/models/notes/notes.server";
import { can, type Permission } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { recordIdOf } from "~/web/admin/record-id";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { Section, TableSection } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Facts, type Fact } from "~/components/admin/Facts";
import { intlLocale } from "~/lib/i18n";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/customers/:id: one customer as staff need them to answer a message
// (profile, orders, quotes, parcels, forward requests, balance and its
// ledger, claims, timeline, notes, the trail of what staff did) and, each by
// its own permission, the forms that act on the account: move the balance,
// email a password-reset link, block or unblock sign-in, add a note.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.customer.email);

/** Each form of the page: its intent, the permission it needs, the conform form it answers and its success message. */
const FORMS = {
  adjust_balance: { permission: "customers.balance", form: "balance", done: "admin.customers.adjust.done" },
  send_reset: { permission: "customers.access", form: "reset", done: "admin.customers.access.resetDone" },
  block: { permission: "customers.access", form: "block", done: "admin.customers.access.blockedDone" },
  unblock: { permission: "customers.access", form: "block", done: "admin.customers.access.unblockedDone" },
  note: { permission: "notes.write", form: "note", done: "admin.notes.done" },
} as const satisfies Record<string, { permission: Permission; form: string; done: string }>;
type Intent = keyof typeof FORMS;
const INTENTS = Object.keys(FORMS) as Intent[];
const isIntent = (value: unknown): value is Intent => typeof value === "string" && Object.hasOwn(FORMS, value);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "customers.read");
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page"));
  const found = await recordOf(request, params.id, (id) => staffCustomer(id, Number.isInteger(page) && page > 0 && page <= 500 ? page : 1));
  const done = url.searchParams.get("done");
  return {
    ...found,
    locale: intlLocale(staff.locale),
    done: isIntent(done) ? done : null,
    doneEmail: url.searchParams.get("email"),
    may: { balance: can(staff.role, "customers.balance"), access: can(staff.role, "customers.access"), notes: can(staff.role, "notes.write") },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  // The guard first, by the permission of the form sent: a role that may not act is refused before anything is read.
  const { staff, actor } = await staffFor(request, context, isIntent(intent) ? FORMS[intent].permission : "customers.read");
  const userId = recordIdOf(request, params.id);
  const done = (which: Intent, query: Record<string, string> = {}) => redirect(`/admin/customers/${userId}?${new URLSearchParams({ done: which, ...query })}`, 303);
  if (!isIntent(intent)) {
    const { failure } = parseForm(formData, v.object({ intent: v.picklist(INTENTS, "validation.required") }));
    if (failure) return failure;
    throw routeCheckFailed(request);
  }
  const form = FORMS[intent].form;

  if (intent === "adjust_balance") {
    const { submission, value, failure } = parseForm(formData, AdjustBalanceSchema, { form });
    if (failure) return failure;
    const result = await adjustBalance(actor, userId, value.amount, value.reason);
    if (result.ok) return done(intent);
    if (result.error === "not_found") throw routeCheckFailed(request);
    if (result.error === "insufficient") {
      const balance = formatMoney(result.balanceMinor, "EUR", intlLocale(staff.locale));
      return refused(submission, staff.locale, "customers.adjust.insufficient", { balance }, 409, form);
    }
    return refused(submission, staff.locale, "customers.adjust.amountFormat", undefined, 400, form);
  }

  if (intent === "send_reset") {
    const { submission, value, failure } = parseForm(formData, SendResetSchema, { form });
    if (failure) return failure;
    const result = await sendCustomerPasswordReset(actor, userId, value.email);
    if (result.ok) return done(intent, { email: result.email });
    if (result.error === "not_found") throw routeCheckFailed(request);
    return staleRefusal(submission, staff.locale, result, form);
  }

  if (intent === "note") {
    const { value, failure } = parseForm(formData, NoteSchema, { form });
    if (failure) return failure;
    const result = await addNote(actor, "customer", userId, value.body);
    if (result.ok) return done(intent);
    throw routeCheckFailed(request);
  }

  const { submission, value, failure } = parseForm(formData, BlockSchema, { form });
  if (failure) return failure;
  const result = await setCustomerBlocked(actor, userId, value.intent === "block", value.reason);
  if (result.ok) return done(value.intent);
  if (result.error === "not_found") throw routeCheckFailed(request);
  return staleRefusal(submission, staff.locale, result, form);
}

type Reply = SubmissionResult<string[]> & { form?: string };

/** A headed table of one kind of the customer's records, saying when only the newest are shown. */
function RecordsSection<Row>({ more, note, ...table }: { title: string; rows: Row[]; more?: boolean; columns: Column<Row>[]; rowKey: (row: Row) => number; note?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableSection {...table} note={more ? t("admin.customers.newestShown", { count: table.rows.length }) : null}>
      {note}
    </TableSection>
  );
}

const MOVEMENT_LABEL: Record<number, string> = Object.fromEntries(Object.entries(BALANCE_REL_TYPE).map(([name, relType]) => [relType, `admin.customers.movements.${name}`]));

function BalanceForm({ lastResult }: { lastResult?: Reply }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(AdjustBalanceSchema, { id: "balance", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
      <h3 className="font-semibold">{t("admin.customers.adjust.title")}</h3>
      <FormMessage errors={form.errors} />
      <TypedField field={fields.amount} label={t("admin.customers.adjust.amount")} inputMode="text" />
      <Field field={fields.reason} label={t("admin.customers.adjust.reason")} />
      <button type="submit" name="intent" value="adjust_balance" className="button-primary self-start" disabled={busy}>
        {t("admin.customers.adjust.submit")}
      </button>
    </Form>
  );
}

function ResetForm({ email, language, lastResult }: { email: string; language: string; lastResult?: Reply }) {
  const { t } = useTranslation();
  const { form, busy } = useSchemaForm(SendResetSchema, { id: "reset", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <FormMessage errors={form.errors} />
      <input type="hidden" name="email" value={email} />
      <p className="text-sm text-ink-muted">{t("admin.customers.access.resetHint", { language })}</p>
      <button type="submit" name="intent" value="send_reset" className="button-secondary self-start" disabled={busy}>
        {t("admin.customers.access.sendReset")}
      </button>
    </Form>
  );
}

function BlockForm({ blocked, lastResult }: { blocked: boolean; lastResult?: Reply }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(BlockSchema, { id: "block", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <FormMessage errors={form.errors} />
      {blocked ? null : <p className="text-sm text-ink-muted">{t("admin.customers.access.blockHint")}</p>}
      <Field field={fields.reason} label={t("admin.customers.access.reason")} />
      <button type="submit" name="intent" value={blocked ? "unblock" : "block"} className="button-secondary self-start" disabled={busy}>
        {blocked ? t("admin.customers.access.unblock") : t("admin.customers.access.block")}
      </button>
    </Form>
  );
}

export default function Customer() {
  const { customer, orders, quotes, parcels, forwards, claims, ledger, timeline, notes, trail, locale, done, doneEmail, may } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = (minor: number, currency = "EUR") => formatMoney(minor, currency, locale);
  const replyTo = (form: string) => replyFor(answer, form) ?? undefined;
  const name = `${customer.first_name} ${customer.last_name}`.trim();
  const success = done && !answer ? t(FORMS[done].done, { balance: money(customer.balance_minor), email: doneEmail ?? customer.email }) : undefined;
  const profile: Fact[] = [
    [t("admin.customers.email"), customer.email],
    [t("admin.customers.name"), name || "—"],
    [t("admin.customers.phone"), customer.phone ?? "—"],
    [t("admin.customers.suite"), customer.suite],
    [t("admin.customers.site"), customer.site ? `${customer.site_name} (${customer.site})` : "—"],
    [t("admin.customers.language"), customer.language ?? "—"],
    [t("admin.customers.role"), t(`admin.customers.roles.${customer.role}`)],
    [t("admin.customers.created"), formatDateTime(customer.created_at)],
    [
      t("admin.customers.signIn"),
      customer.blocked_at ? t("admin.customers.blockedSince", { at: formatDateTime(customer.blocked_at), reason: customer.blocked_reason ?? "—" }) : t("admin.customers.active"),
    ],
    [t("admin.customers.balance"), money(customer.balance_minor)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/customers", label: t("admin.customers.title") }}
        title={name || customer.email}
        breakTitle
        facts={
          <>
            {customer.email} · {customer.suite}
            {customer.blocked_at ? ` · ${t("admin.customers.blocked")}` : ""}
          </>
        }
      />
      <FormMessage success={success} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t("admin.customers.profile")}>
          <Facts facts={profile} breakAll />
        </Section>
        {may.balance || may.access ? (
          <div className="flex flex-col gap-6">
            {may.balance ? (
              <Section title={t("admin.customers.balance")}>
                <div className="rounded-lg bg-surface p-4 shadow-sm">
                  <BalanceForm lastResult={replyTo("balance")} />
                </div>
              </Section>
            ) : null}
            {may.access ? (
              <Section title={t("admin.customers.access.title")}>
                <div className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
                  <ResetForm email={customer.email} language={customer.language ?? "—"} lastResult={replyTo("reset")} />
                  <BlockForm key={customer.blocked_at ? "blocked" : "allowed"} blocked={Boolean(customer.blocked_at)} lastResult={replyTo("block")} />
                </div>
              </Section>
            ) : null}
          </div>
        ) : null}
      </div>

      <Section title={t("admin.notes.title")}>
        {may.notes ? (
          <div className="rounded-lg bg-surface p-4 shadow-sm">
            <NoteForm lastResult={replyTo("note")} />
          </div>
        ) : null}
        <NotesList notes={notes} />
      </Section>

      <RecordsSection
        title={t("admin.customers.orders")}
        {...orders}
        rowKey={(order) => order.id}
        note={
          <p className="text-sm">
            <Link to={`/admin/orders?${new URLSearchParams({ q: customer.email })}`} className="link">
              {t("admin.customers.allOrders")}
            </Link>
          </p>
        }
        columns={[
          { header: t("admin.customers.number"), link: (order) => ({ to: `/admin/orders/${order.id}`, label: order.number }) },
          { header: t("admin.customers.created"), when: (order) => order.created_at },
          { header: t("admin.customers.kind"), cell: (order) => t(`orders.kind_${order.kind}`) },
          { header: t("admin.customers.status"), cell: (order) => t(`orders.status_${order.status}`) },
          { header: t("admin.customers.total"), cell: (order) => money(order.total_minor, order.currency), numeric: true },
        ]}
      />

      <RecordsSection
        title={t("admin.customers.quotes")}
        {...quotes}
        rowKey={(quote) => quote.id}
        columns={[
          { header: t("admin.customers.number"), link: (quote) => ({ to: `/admin/quotes/${quote.id}`, label: quote.number }) },
          { header: t("admin.customers.created"), when: (quote) => quote.created_at },
          { header: t("admin.customers.status"), cell: (quote) => t(`admin.quotes.statuses.${quote.status}`) },
          { header: t("admin.customers.lines"), cell: (quote) => quote.lines, numeric: true },
          { header: t("admin.customers.priced"), cell: (quote) => (quote.priced_at ? formatDateTime(quote.priced_at) : "—") },
          { header: t("admin.customers.paid"), cell: (quote) => (quote.paid_at ? formatDateTime(quote.paid_at) : "—") },
        ]}
      />

      <RecordsSection
        title={t("admin.customers.parcels")}
        {...parcels}
        rowKey={(parcel) => parcel.id}
        columns={[
          { header: t("admin.customers.trackingNumber"), cell: (parcel) => <span className="break-all">{parcel.tracking_number}</span> },
          { header: t("admin.customers.carrier"), cell: (parcel) => parcel.carrier || "—" },
          { header: t("admin.customers.shop"), cell: (parcel) => parcel.store_name || "—" },
          { header: t("admin.customers.warehouse"), cell: (parcel) => parcel.warehouse.toUpperCase() },
          { header: t("admin.customers.status"), cell: (parcel) => t(`admin.customers.parcelStatuses.${parcel.status}`) },
          { header: t("admin.customers.weight"), cell: (parcel) => (parcel.weight_g === null ? "—" : (parcel.weight_g / 1000).toLocaleString(locale)), numeric: true },
          { header: t("admin.customers.arrived"), cell: (parcel) => (parcel.arrived_at ? formatDateTime(parcel.arrived_at) : "—") },
        ]}
      />

      <RecordsSection
        title={t("admin.customers.forwards")}
        {...forwards}
        rowKey={(forward) => forward.id}
        columns={[
          { header: t("admin.customers.number"), cell: (forward) => <span className="font-semibold">{forward.number}</span> },
          { header: t("admin.customers.created"), when: (forward) => forward.created_at },
          { header: t("admin.customers.status"), cell: (forward) => t(`admin.customers.forwardStatuses.${forward.status}`) },
          { header: t("admin.customers.way"), cell: (forward) => t(`admin.customers.ways.${forward.shipping_method}`) },
          { header: t("admin.customers.shipping"), cell: (forward) => (forward.shipping_minor === null ? "—" : money(forward.shipping_minor, forward.currency)), numeric: true },
          { header: t("admin.customers.trackingNumber"), cell: (forward) => forward.tracking_number ?? "—" },
        ]}
      />

      <RecordsSection
        title={t("admin.customers.ledger")}
        rows={ledger.entries}
        rowKey={(entry) => entry.id}
        note={ledger.total > ledger.entries.length ? <p className="text-sm text-ink-muted">{t("admin.customers.ledgerCount", { count: ledger.total, shown: ledger.entries.length })}</p> : null}
        columns={[
          { header: t("admin.customers.when"), when: (entry) => entry.created_at },
          { header: t("admin.customers.movement"), cell: (entry) => t(MOVEMENT_LABEL[entry.rel_type] ?? "admin.customers.movements.other") },
          { header: t("admin.customers.relatedTo"), cell: (entry) => showBalanceEntry(entry).orderNumber ?? "—" },
          { header: t("admin.customers.reason"), cell: (entry) => entry.reason ?? "—" },
          { header: t("admin.customers.amount"), cell: (entry) => money(entry.type === BALANCE_TYPE.deduction ? -entry.amount_minor : entry.amount_minor), numeric: true },
          { header: t("admin.customers.balanceAfter"), cell: (entry) => money(entry.end_balance_minor), numeric: true },
        ]}
      />

      <RecordsSection
        title={t("admin.customers.claims")}
        {...claims}
        rowKey={(claim) => claim.id}
        columns={[
          { header: t("admin.customers.number"), cell: (claim) => <span className="font-semibold">{claim.number}</span> },
          { header: t("admin.customers.created"), when: (claim) => claim.created_at },
          {
            header: t("admin.customers.order"),
            cell: (claim) => (
              <Link to={`/admin/orders/${claim.order_id}`} className="link">
                {claim.order_number}
              </Link>
            ),
          },
          { header: t("admin.customers.kind"), cell: (claim) => t(`admin.customers.claimKinds.${claim.kind}`) },
          { header: t("admin.customers.reason"), cell: (claim) => t(`admin.customers.claimReasons.${claim.reason}`) },
          { header: t("admin.customers.status"), cell: (claim) => t(`admin.customers.claimStatuses.${claim.status}`) },
        ]}
      />

      <Section title={t("admin.customers.timeline")}>
        <DataTable
          caption={t("admin.customers.timeline")}
          rows={timeline.items}
          rowKey={(item) => `${item.kind}-${item.id}`}
          empty="—"
          columns={[
            { header: t("admin.customers.when"), when: (item) => item.at },
            { header: t("admin.customers.kind"), cell: (item) => t(`admin.customers.timelineKinds.${item.kind}`) },
            {
              header: t("admin.customers.number"),
              cell: (item) =>
                item.kind === "order" || item.kind === "quote" ? (
                  <Link to={`/admin/${item.kind}s/${item.id}`} className="link">
                    {item.number}
                  </Link>
                ) : (
                  <span className="break-all">{item.number}</span>
                ),
            },
            {
              header: t("admin.customers.status"),
              cell: (item) =>
                t(
                  item.kind === "order"
                    ? `orders.status_${item.status}`
                    : item.kind === "quote"
                      ? `admin.quotes.statuses.${item.status}`
                      : item.kind === "parcel"
                        ? `admin.customers.parcelStatuses.${item.status}`
                        : item.kind === "forward"
                          ? `admin.customers.forwardStatuses.${item.status}`
                          : `admin.customers.invoiceStatuses.${item.status}`,
                ),
            },
            { header: t("admin.customers.total"), cell: (item) => (item.totalMinor === null || !item.currency ? "—" : money(item.totalMinor, item.currency)), numeric: true },
          ]}
        />
        <Pager
          page={timeline.page}
          hasMore={timeline.hasMore}
          label={t("admin.customers.timelinePage", { page: timeline.page })}
          current={t("admin.customers.page", { page: timeline.page })}
          previous={t("admin.customers.previous")}
          next={t("admin.customers.next")}
        />
      </Section>

      <TrailSection entries={trail} />
    </div>
  );
}
