import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { CourierFields } from "~/components/admin/DeliveryFields";
import { RateInput } from "~/components/admin/RateFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { AddRowForm, RowForm } from "~/components/admin/RowForms";
import { useReplyFor } from "~/components/forms/reply-for";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { toDecimalString } from "~/lib/money";
import { auditTrail } from "~/models/audit/audit.server";
import { CourierRemoveSchema, CourierSchema, PickupPointRemoveSchema, PickupPointSchema } from "~/models/settings/delivery-schema";
import { removeCourier, removePickupPoint, saveCourier, savePickupPoint, staffCourier } from "~/models/settings/delivery.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/couriers/:country/:id (catalogue and owners): a courier's
// name, kind (to the door or to a parcel locker), fee and whether the
// checkout offers it; its removal; and a locker network's pickup points,
// each changed or removed in its row, one more added below. A courier or a
// locker an open checkout has chosen is not removed (the page says how many
// checkouts have): a courier is taken off the checkout instead, and those
// checkouts keep it until they are placed or expire.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.courier.name);

const courierIdOf = (params: { id?: string }) => (/^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "settings.manage");
  const id = courierIdOf(params);
  const found = id === null ? null : await staffCourier(params.country ?? "", id);
  if (!found) throw routeCheckFailed(request);
  return { ...found, trail: await auditTrail("couriers", found.courier.id), done: new URL(request.url).searchParams.get("done") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const country = params.country ?? "";
  const id = courierIdOf(params);
  if (id === null) throw routeCheckFailed(request);
  const here = `/admin/settings/couriers/${country}/${id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const seen = (version: string | undefined) => (version ? new Date(version) : undefined);
  const inUse = (submission: Parameters<typeof refused>[0], checkouts: number, key: string, form: string) => refused(submission, staff.locale, key, { n: checkouts }, 409, form);

  if (intent === "courier-remove") {
    const { submission, value, failure } = parseForm(formData, CourierRemoveSchema, { form: "courier-remove" });
    if (failure) return failure;
    const removed = await removeCourier(actor, country, id, seen(value.version));
    if (removed.ok) return redirect(`/admin/settings/couriers/${country}?done=removed`, 303);
    if (removed.error === "stale") return staleRefusal(submission, staff.locale, removed, "courier-remove");
    if (removed.error === "in_use") return inUse(submission, removed.checkouts, "delivery.courierInUse", "courier-remove");
    throw routeCheckFailed(request);
  }
  if (intent === "point" || intent === "point-remove") {
    const pointId = String(formData.get("point") ?? "");
    const form = intent === "point" ? (pointId ? `point-${pointId}` : "point-new") : `point-${pointId}-remove`;
    if (intent === "point-remove") {
      const { submission, value, failure } = parseForm(formData, PickupPointRemoveSchema, { form });
      if (failure) return failure;
      const removed = await removePickupPoint(actor, country, id, value.point, seen(value.version));
      if (removed.ok) return redirect(`${here}?done=point-removed#points`, 303);
      if (removed.error === "stale") return staleRefusal(submission, staff.locale, removed, form);
      if (removed.error === "in_use") return inUse(submission, removed.checkouts, "delivery.pointInUse", form);
      throw routeCheckFailed(request);
    }
    const { submission, value, failure } = parseForm(formData, PickupPointSchema, { form });
    if (failure) return failure;
    const saved = await savePickupPoint(actor, country, id, value.point ?? null, { name: value.name, address: value.address, city: value.city, zip: value.zip }, seen(value.version));
    if (saved.ok) return redirect(`${here}?done=${value.point ? "point-saved" : "point-added"}#points`, 303);
    if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved, form);
    if (saved.error === "not_locker") return refused(submission, staff.locale, "delivery.notLocker", undefined, 409, form);
    throw routeCheckFailed(request);
  }
  const { submission, value, failure } = parseForm(formData, CourierSchema, { form: "courier" });
  if (failure) return failure;
  const saved = await saveCourier(actor, country, id, { name: value.name, kind: value.kind, feeMinor: value.fee, active: value.active === "on" }, seen(value.version));
  if (saved.ok) return redirect(`${here}?done=saved`, 303);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved, "courier");
  if (saved.error === "in_use") return inUse(submission, saved.checkouts, "delivery.kindInUse", "courier");
  throw routeCheckFailed(request);
}

type Loaded = Awaited<ReturnType<typeof loader>>;

const DONE = ["added", "saved", "point-added", "point-saved", "point-removed"] as const;

export default function CourierPage() {
  const { country, courier, points, trail, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const version = new Date(courier.updatedAt).toISOString();
  const { form, fields, busy } = useSchemaForm(CourierSchema, {
    id: `courier-${version}`,
    lastResult: useReplyFor<typeof action>("courier"),
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: { name: courier.name, kind: courier.kind, fee: toDecimalString(courier.feeMinor), ...(courier.active ? { active: "on" } : {}) } as never,
  });
  const remove = useSchemaForm(CourierRemoveSchema, { id: `courier-remove-${version}`, lastResult: useReplyFor<typeof action>("courier-remove") });
  const doneKey = DONE.find((key) => key === done);
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: `/admin/settings/couriers/${country.code}`, label: t("admin.delivery.couriersTitle", { country: country.name }) }} title={courier.name} facts={`${t(`admin.delivery.kinds.${courier.kind}`)} · ${t(courier.active ? "admin.delivery.offeredYes" : "admin.delivery.offeredNo")}`}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.delivery.courierIntro")}</p>
      </RecordHeading>
      <FormMessage success={doneKey ? t(`admin.delivery.courierDone.${doneKey}`) : undefined} />
      <Form method="post" {...getFormProps(form)} aria-label={courier.name} className="flex max-w-md flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="courier" />
        <input type="hidden" name="version" value={version} />
        <CourierFields fields={fields} />
        <FormMessage errors={form.errors} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.delivery.saveCourier", { courier: courier.name })}
        </button>
      </Form>
      {courier.kind === "locker" || points.length > 0 ? <PickupPoints /> : null}
      <Form method="post" {...getFormProps(remove.form)} aria-labelledby="courier-remove-title" className="flex max-w-2xl flex-col gap-2 rounded-lg bg-surface p-4 shadow-sm">
        <h2 id="courier-remove-title" className="text-lg font-semibold">
          {t("admin.delivery.removeCourier")}
        </h2>
        <p className="text-sm text-ink-muted">{t("admin.delivery.removeCourierHint")}</p>
        <input type="hidden" name="intent" value="courier-remove" />
        <input type="hidden" name="version" value={version} />
        <FormMessage errors={remove.form.errors} />
        <button type="submit" className="button-secondary self-start" disabled={remove.busy}>
          {t("admin.delivery.removeCourierOf", { courier: courier.name })}
        </button>
      </Form>
      <AuditTrail entries={trail} />
    </div>
  );
}

type Point = Loaded["points"][number];

/** A locker network's points: each changed or removed in its row, one more added below. */
function PickupPoints() {
  const { courier, points } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="points" className="flex flex-col gap-3">
      <h2 id="points" className="text-xl font-semibold">
        {t("admin.delivery.points")}
      </h2>
      <p className="max-w-3xl text-sm text-ink-muted">{courier.kind === "locker" ? t("admin.delivery.pointsIntro") : t("admin.delivery.pointsUnused")}</p>
      <DataTable
        caption={t("admin.delivery.pointsOf", { courier: courier.name })}
        rows={points}
        rowKey={(point) => point.id}
        empty={t("admin.delivery.noPoints")}
        columns={[
          { header: t("admin.delivery.point"), cell: (point) => <PointForm point={point} /> },
          { header: t("admin.delivery.remove"), cell: (point) => <RemovePoint point={point} /> },
        ]}
      />
      {courier.kind === "locker" ? <PointForm /> : null}
    </section>
  );
}

const POINT_FIELDS = ["name", "address", "city", "zip"] as const;

/** A point changed in its row, or (no point) a new one. */
function PointForm({ point }: { point?: Point }) {
  const { t } = useTranslation();
  const id = point ? `point-${point.id}` : "point-new";
  const version = point ? new Date(point.updatedAt).toISOString() : "";
  const { form, fields, busy } = useSchemaForm(PickupPointSchema, {
    id: `${id}-${version}`,
    lastResult: useReplyFor<typeof action>(id),
    defaultValue: point ? { name: point.name, address: point.address, city: point.city, zip: point.zip } : undefined,
  });
  const hidden = (
    <>
      <input type="hidden" name="intent" value="point" />
      <input type="hidden" name="point" value={point?.id ?? ""} />
      <input type="hidden" name="version" value={version} />
    </>
  );
  if (point) {
    return (
      <RowForm form={form} busy={busy} hidden={hidden} saveLabel={t("admin.delivery.save")}>
        {POINT_FIELDS.map((name) => (
          <RateInput key={name} text field={fields[name]} label={t(`admin.delivery.pointFieldOf.${name}`, { point: point.name })} />
        ))}
      </RowForm>
    );
  }
  return (
    <AddRowForm form={form} busy={busy} hidden={hidden} title={t("admin.delivery.addPoint")} Heading="h3">
      {POINT_FIELDS.map((name) => (
        <Field key={name} field={fields[name]} label={t(`admin.delivery.pointFields.${name}`)} autoComplete="off" />
      ))}
    </AddRowForm>
  );
}

function RemovePoint({ point }: { point: Point }) {
  const { t } = useTranslation();
  const id = `point-${point.id}-remove`;
  const version = new Date(point.updatedAt).toISOString();
  const { form, busy } = useSchemaForm(PickupPointRemoveSchema, { id: `${id}-${version}`, lastResult: useReplyFor<typeof action>(id) });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="point-remove" />
      <input type="hidden" name="point" value={point.id} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className="button-secondary text-sm" aria-label={t("admin.delivery.removePointOf", { point: point.name })} disabled={busy}>
        {t("admin.delivery.remove")}
      </button>
      <FormMessage errors={form.errors} />
    </Form>
  );
}
