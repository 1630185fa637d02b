import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { formatDateTime } from "~/lib/format";
import { TypedField } from "~/components/admin/TypedField";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { recordArrival } from "~/models/forwarding/arrival.server";
import { parcelsWaiting } from "~/models/forwarding/staff-forwards.server";
import { ArrivalSchema } from "~/models/staff/schemas";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/parcels: the warehouse records a declared parcel's arrival, found
// by the carrier's number: weight, size and photos, which the customer then
// sees in /my-parcels before sending the parcel home. The same use case as
// `npm run admin -- parcel arrive`.

export const meta = adminMeta("admin.parcels.title");

/** At most this many photos an arrival; each at most 10 MB (models/uploads). */
const MAX_PHOTOS = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "parcels.receive");
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  return {
    arrived: params.get("arrived")?.slice(0, 40) ?? null,
    waiting: await parcelsWaiting(Number.isInteger(page) && page > 0 ? page : 1),
    locale: intlLocale(staff.locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "parcels.receive");
  const formData = await request.formData();
  const { submission, value, failure } = parseForm(formData, ArrivalSchema);
  if (failure) return failure;
  const files = formData.getAll("photos").filter((file): file is File => typeof file !== "string" && file.size > 0);
  if (files.length > MAX_PHOTOS) return refused(submission, staff.locale, "parcels.tooManyPhotos", { max: MAX_PHOTOS }, 400);
  const photos = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
  const arrived = await recordArrival(actor, {
    trackingNumber: value.trackingNumber,
    email: value.email,
    weightG: value.weight,
    lengthMm: value.length,
    widthMm: value.width,
    heightMm: value.height,
    photos,
  });
  if (!arrived.ok) return refused(submission, staff.locale, `parcels.refused.${arrived.error}`, undefined, arrived.error.startsWith("photo_") ? 400 : 409);
  return redirect(`/admin/parcels?${new URLSearchParams({ arrived: value.trackingNumber })}`, 303);
}

export default function Parcels() {
  const { arrived, waiting } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(ArrivalSchema, { id: "arrival", lastResult: answer });
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.parcels.title")}</h1>
      <p className="text-ink-muted">{t("admin.parcels.intro")}</p>
      <FormMessage errors={form.errors} success={arrived && !form.errors ? t("admin.parcels.arrivedDone", { tracking: arrived }) : undefined} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <Field field={fields.trackingNumber} label={t("admin.parcels.trackingNumber")} autoComplete="off" />
        <Field field={fields.email} label={t("admin.parcels.email")} type="email" autoComplete="off" hint={t("admin.parcels.emailHint")} />
        <div className="grid gap-3 sm:grid-cols-4">
          <TypedField field={fields.weight} label={t("admin.parcels.weight")} />
          <TypedField field={fields.length} label={t("admin.parcels.length")} />
          <TypedField field={fields.width} label={t("admin.parcels.width")} />
          <TypedField field={fields.height} label={t("admin.parcels.height")} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="arrival-photos" className="font-medium">
            {t("admin.parcels.photos")}
          </label>
          <input id="arrival-photos" name="photos" type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple className="field-input" aria-describedby="arrival-photos-hint" />
          <p id="arrival-photos-hint" className="text-sm text-ink-muted">
            {t("admin.parcels.photosHint", { max: MAX_PHOTOS })}
          </p>
        </div>
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.parcels.submit")}
        </button>
      </Form>
      <section className="flex flex-col gap-2" id="waiting">
        <h2 className="text-lg font-semibold">{t("admin.parcels.waiting")}</h2>
        <p className="text-sm text-ink-muted">{t("admin.parcels.waitingHint")}</p>
        <DataTable
          caption={t("admin.parcels.waiting")}
          rows={waiting.parcels}
          rowKey={(parcel) => parcel.id}
          empty={t("admin.parcels.noneWaiting")}
          columns={[
            { header: t("admin.parcels.trackingNumber"), cell: (parcel) => parcel.tracking_number },
            {
              header: t("admin.orders.customer"),
              cell: (parcel) => (
                <Link to={`/admin/customers/${parcel.user_id}`} className="link">
                  {parcel.email}
                </Link>
              ),
            },
            { header: t("admin.parcels.warehouse"), cell: (parcel) => parcel.warehouse.toUpperCase() },
            { header: t("admin.parcels.weight"), cell: (parcel) => (parcel.weight_g === null ? "—" : (parcel.weight_g / 1000).toFixed(3)), numeric: true },
            { header: t("admin.parcels.arrivedAt"), cell: (parcel) => (parcel.arrived_at ? <span className="whitespace-nowrap">{formatDateTime(parcel.arrived_at)}</span> : "—") },
            { header: t("admin.parcels.freeUntil"), cell: (parcel) => (parcel.free_until ? <span className="whitespace-nowrap">{formatDateTime(parcel.free_until)}</span> : "—") },
          ]}
        />
        <Pager page={waiting.page} hasMore={waiting.hasMore} label={t("admin.parcels.waiting")} />
      </section>
    </div>
  );
}
