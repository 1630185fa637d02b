import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { TypedField } from "~/components/admin/TypedField";
import { Field, FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { ForwardStepSchema } from "~/models/forwarding/forward-admin-schema";
import { askForward, deliverForward, priceForward, shipForward } from "~/models/forwarding/operator.server";
import { staffForward } from "~/models/forwarding/staff-forwards.server";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { Section, TableSection } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { StepForm, StepsSection } from "~/components/admin/Steps";
import { PostalAddress } from "~/components/admin/PostalAddress";
import { Facts } from "~/components/admin/Facts";
import { intlLocale } from "~/lib/i18n";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/forwarding/:id: one forward request as staff need it (its parcels
// with their measures and photos, the address it goes to, the way home, the
// bill, questions asked, its audit trail) and the step it can take now:
// price it (the storage run up is added by itself), ask the customer
// something, ship it once paid, mark it delivered. The same use cases as
// `npm run admin -- forward …`.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.request.number);

const STEPS = ["price", "ship", "deliver", "ask"] as const;
type Step = (typeof STEPS)[number];
const isStep = (value: unknown): value is Step => typeof value === "string" && (STEPS as readonly string[]).includes(value);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "forwarding.read");
  const found = await recordOf(request, params.id, staffForward);
  const done = new URL(request.url).searchParams.get("done");
  const manages = can(staff.role, "forwarding.manage");
  const status = found.request.status;
  return {
    ...found,
    locale: intlLocale(staff.locale),
    done: isStep(done) ? done : null,
    steps: {
      price: manages && (status === "requested" || status === "priced"),
      ask: manages && (status === "requested" || status === "info_needed"),
      ship: manages && status === "paid",
      deliver: manages && status === "shipped",
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "forwarding.manage");
  const id = recordIdOf(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const form = isStep(intent) ? intent : "price";
  const { submission, value, failure } = parseForm(formData, ForwardStepSchema, { form });
  if (failure) return failure;
  const options = { seen: value.seen };
  const result =
    value.intent === "price"
      ? await priceForward(actor, id, value.shipping, options)
      : value.intent === "ship"
        ? await shipForward(actor, id, value.trackingNumber, value.carrier, options)
        : value.intent === "deliver"
          ? await deliverForward(actor, id, options)
          : await askForward(actor, id, value.question, options);
  if (result.ok) return redirect(`/admin/forwarding/${id}?done=${value.intent}`, 303);
  if (result.error === "stale") return staleRefusal(submission, staff.locale, result, form);
  if (result.error === "not_found") throw routeCheckFailed(request);
  if (result.error === "tracking_taken") return refused(submission, staff.locale, "forwarding.trackingTaken", undefined, 409, form);
  return refused(submission, staff.locale, "forwarding.wrongState", { status: "status" in result && result.status ? result.status : "—" }, 409, form);
}

const cm = (mm: number | null) => (mm === null ? "?" : (mm / 10).toLocaleString("en", { maximumFractionDigits: 1 }));

export default function ForwardRequest() {
  const { request, parcels, bill, questions, shipment, trail, locale, done, steps } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, "EUR", locale);
  const replyTo = (form: Step) => replyFor(answer, form);
  const price = useSchemaForm(ForwardStepSchema, { id: "price", lastResult: replyTo("price") });
  const ship = useSchemaForm(ForwardStepSchema, { id: "ship", lastResult: replyTo("ship") });
  const ask = useSchemaForm(ForwardStepSchema, { id: "ask", lastResult: replyTo("ask") });
  const deliver = useSchemaForm(ForwardStepSchema, { id: "deliver", lastResult: replyTo("deliver") });
  // The fields of one variant of the schema: conform names them whatever the variant.
  const priceFields = price.fields as unknown as Record<"shipping", Parameters<typeof TypedField>[0]["field"]>;
  const shipFields = ship.fields as unknown as Record<"carrier" | "trackingNumber", Parameters<typeof Field>[0]["field"]>;
  const askFields = ask.fields as unknown as Record<"question", Parameters<typeof TextAreaField>[0]["field"]>;
  const errors = [price, ship, ask, deliver].flatMap((one) => one.form.errors ?? []);
  const busy = price.busy;
  const address = request.address;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/forwarding", label: t("admin.forwarding.title") }}
        title={<>{request.number} · {t(`admin.forwarding.statuses.${request.status}`)}</>}
        facts={<>{formatDateTime(request.created_at)} · {request.email} · {request.warehouse} · {t(`admin.forwarding.methods.${request.shipping_method}`)}</>}
      />
      <FormMessage errors={errors.length ? errors : undefined} success={done && !errors.length ? t(`admin.forwarding.done.${done}`, { number: request.number }) : undefined} />

      <StepsSection title={t("admin.forwarding.nextStep")} show={steps.price || steps.ask || steps.ship || steps.deliver}>
        {steps.price ? (
          <Form method="post" {...getFormProps(price.form)} className="flex flex-col gap-3">
            <input type="hidden" name="seen" value={request.seen} />
            <p className="text-sm text-ink-muted">{t("admin.forwarding.storageNote", { storage: money(request.storage_fee_minor) })}</p>
            <div className="max-w-xs">
              <TypedField field={priceFields.shipping} label={t("admin.forwarding.shipping")} />
            </div>
            <button type="submit" name="intent" value="price" className="button-primary self-start" disabled={busy}>
              {t(request.status === "priced" ? "admin.forwarding.priceAgain" : "admin.forwarding.price")}
            </button>
          </Form>
        ) : null}
        {steps.ship ? (
          <Form method="post" {...getFormProps(ship.form)} className="grid max-w-xl gap-3 sm:grid-cols-2">
            <input type="hidden" name="seen" value={request.seen} />
            <Field field={shipFields.carrier} label={t("admin.orders.carrier")} />
            <Field field={shipFields.trackingNumber} label={t("admin.orders.trackingNumber")} />
            <button type="submit" name="intent" value="ship" className="button-primary sm:col-span-2 sm:justify-self-start" disabled={busy}>
              {t("admin.forwarding.ship")}
            </button>
          </Form>
        ) : null}
        {steps.deliver ? <StepForm intent="deliver" seen={{ seen: request.seen }} label={t("admin.forwarding.deliver")} busy={busy} formProps={getFormProps(deliver.form)} /> : null}
        {steps.ask ? (
          <Form method="post" {...getFormProps(ask.form)} className="flex max-w-xl flex-col gap-2">
            <input type="hidden" name="seen" value={request.seen} />
            <TextAreaField field={askFields.question} label={t("admin.forwarding.question")} hint={t("admin.forwarding.askHint")} rows={3} />
            <button type="submit" name="intent" value="ask" className="button-secondary self-start" disabled={busy}>
              {t("admin.forwarding.ask")}
            </button>
          </Form>
        ) : null}
      </StepsSection>

      <TableSection
        title={t("admin.forwarding.parcels")}
        rows={parcels}
        rowKey={(parcel) => parcel.id}
        columns={[
            { header: t("admin.forwarding.inbound"), cell: (parcel) => `${parcel.tracking_number}${parcel.carrier ? ` (${parcel.carrier})` : ""}` },
            { header: t("admin.forwarding.store"), cell: (parcel) => parcel.store_name || "—" },
            { header: t("admin.forwarding.weight"), cell: (parcel) => (parcel.weight_g === null ? "—" : t("admin.forwarding.kg", { kg: String(parcel.weight_g / 1000) })), numeric: true },
            {
              header: t("admin.forwarding.size"),
              cell: (parcel) => (parcel.length_mm === null ? "—" : t("admin.forwarding.cm", { size: `${cm(parcel.length_mm)} × ${cm(parcel.width_mm)} × ${cm(parcel.height_mm)}` })),
            },
            { header: t("admin.forwarding.arrived"), cell: (parcel) => (parcel.arrived_at ? formatDateTime(parcel.arrived_at) : "—") },
            { header: t("admin.forwarding.freeUntil"), cell: (parcel) => (parcel.free_until ? formatDateTime(parcel.free_until) : "—") },
            {
              header: t("admin.forwarding.photos"),
              cell: (parcel) =>
                parcel.photos === 0 ? (
                  "—"
                ) : (
                  <span className="flex flex-wrap gap-2">
                    {Array.from({ length: parcel.photos }, (_, index) => (
                      <a key={index} href={`/admin/forwarding/photo/${parcel.id}/${index}`} target="_blank" rel="noreferrer">
                        <img
                          src={`/admin/forwarding/photo/${parcel.id}/${index}`}
                          alt={t("admin.forwarding.photoOf", { n: index + 1, parcel: parcel.tracking_number })}
                          width={96}
                          height={96}
                          loading="lazy"
                          className="size-24 rounded object-cover"
                        />
                      </a>
                    ))}
                  </span>
                ),
            },
        ]}
      />

      <div className="grid gap-6 md:grid-cols-2">
        <Section title={t("admin.orders.address")}>
          <PostalAddress address={address} />
        </Section>
        <Section title={t("admin.forwarding.bill")}>
          <Facts
            facts={[
              [t("admin.forwarding.shipping"), <span className="tabular-nums">{request.shipping_minor === null ? "—" : money(request.shipping_minor)}</span>],
              [t(request.priced_at ? "admin.forwarding.storage" : "admin.forwarding.storageSoFar"), <span className="tabular-nums">{money(request.storage_fee_minor)}</span>],
              [
                t("admin.forwarding.billStatus"),
                bill ? (
                  <Link to={`/admin/orders/${bill.id}`} className="link">
                    {t(`orders.status_${bill.status}`)} · {money(bill.total_minor)}
                  </Link>
                ) : (
                  t("admin.forwarding.noBill")
                ),
              ],
              shipment ? [
                t("admin.orders.trackingNumber"),
                <>
                  <a className="link" href={`/tracking/${encodeURIComponent(shipment.tracking_number)}`}>
                    {shipment.tracking_number}
                  </a>
                  {shipment.carrier ? ` · ${shipment.carrier}` : ""}
                </>,
              ] : null,
            ]}
          />
        </Section>
      </div>

      {questions.length > 0 ? (
        <TableSection
          title={t("admin.forwarding.questions")}
          rows={questions}
          rowKey={(question) => question.id}
          columns={[
              { header: t("admin.orders.created"), cell: (question) => formatDateTime(question.created_at) },
              { header: t("admin.forwarding.question"), cell: (question) => <span className="whitespace-pre-wrap">{question.question}</span> },
              { header: t("admin.forwarding.answer"), cell: (question) => (question.answered_at ? <span className="whitespace-pre-wrap">{question.answer || "—"}</span> : t("admin.forwarding.noAnswer")) },
          ]}
        />
      ) : null}

      <TrailSection entries={trail} />
    </div>
  );
}
