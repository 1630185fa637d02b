import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CourierFields } from "~/components/admin/DeliveryFields";
import { useReplyFor } from "~/components/forms/reply-for";
import { DataTable } from "~/components/admin/DataTable";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import { CourierMoveSchema, CourierSchema } from "~/models/settings/delivery-schema";
import { addCourier, moveCourier, staffCouriers } from "~/models/settings/delivery.server";
import { adminLocale } from "~/platform/admin-texts.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/couriers/:country (catalogue and owners): the couriers
// the checkout offers in a country, in its order: each moved up or down,
// each opening its own page (settings-courier.tsx) for its name, fee,
// lockers and removal; a form below adds one. The next checkout lists them
// as they are here.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.country.name);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "settings.manage");
  const found = await staffCouriers(params.country ?? "");
  if (!found) throw routeCheckFailed(request);
  return { ...found, version: found.version ? found.version.toISOString() : "", locale: adminLocale(staff.locale), done: new URL(request.url).searchParams.get("done") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const country = params.country ?? "";
  const formData = await request.formData();
  if (formData.get("intent") === "courier-move") {
    const form = `move-${String(formData.get("courier") ?? "")}`;
    const { submission, value, failure } = parseForm(formData, CourierMoveSchema, { form });
    if (failure) return failure;
    const moved = await moveCourier(actor, country, value.courier, value.direction, value.version ? new Date(value.version) : null);
    if (moved.ok) return redirect(`/admin/settings/couriers/${country}?done=moved`, 303);
    if (moved.error === "stale") return staleRefusal(submission, staff.locale, moved, form);
    if (moved.error === "not_found" && !(await staffCouriers(country))) throw routeCheckFailed(request);
    return refused(submission, staff.locale, "delivery.courierGone", undefined, 409, form);
  }
  const { submission, value, failure } = parseForm(formData, CourierSchema, { form: "courier-new" });
  if (failure) return failure;
  const added = await addCourier(actor, country, { name: value.name, kind: value.kind, feeMinor: value.fee, active: value.active === "on" });
  if (added.ok) return redirect(`/admin/settings/couriers/${country}/${added.id}?done=added`, 303);
  if (added.error === "not_found") throw routeCheckFailed(request);
  return refused(submission, staff.locale, "delivery.courierGone", undefined, 409, "courier-new");
}

type Courier = Awaited<ReturnType<typeof loader>>["couriers"][number];

export default function Couriers() {
  const { country, couriers, locale, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t("admin.delivery.couriersTitle", { country: country.name });
  const { form, fields, busy } = useSchemaForm(CourierSchema, {
    id: "courier-new",
    lastResult: useReplyFor<typeof action>("courier-new"),
    defaultValue: { kind: "door", active: "on" } as never,
  });
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/settings", label: t("admin.settings.title") }} title={title} facts={country.code}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.delivery.couriersIntro")}</p>
      </RecordHeading>
      <FormMessage success={done === "moved" ? t("admin.delivery.moved") : done === "removed" ? t("admin.delivery.courierRemoved") : undefined} />
      <DataTable
        caption={title}
        rows={couriers}
        rowKey={(courier) => courier.id}
        empty={t("admin.delivery.noCouriers")}
        columns={[
          { header: t("admin.delivery.place"), cell: (courier) => couriers.indexOf(courier) + 1, numeric: true },
          { header: t("admin.delivery.courier"), link: (courier) => ({ to: `/admin/settings/couriers/${country.code}/${courier.id}`, label: courier.name }) },
          { header: t("admin.delivery.kind"), cell: (courier) => t(`admin.delivery.kinds.${courier.kind}`) },
          { header: t("admin.delivery.fee"), cell: (courier) => formatMoney(courier.feeMinor, "EUR", locale), numeric: true },
          { header: t("admin.delivery.lockers"), cell: (courier) => (courier.kind === "locker" ? courier.points : "—"), numeric: true },
          { header: t("admin.delivery.offered"), cell: (courier) => t(courier.active ? "admin.delivery.offeredYes" : "admin.delivery.offeredNo") },
          { header: t("admin.delivery.move"), cell: (courier) => <MoveForms courier={courier} first={couriers[0]?.id === courier.id} last={couriers.at(-1)?.id === courier.id} /> },
        ]}
      />
      <Form method="post" {...getFormProps(form)} aria-labelledby="courier-new-title" className="flex max-w-md flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <h2 id="courier-new-title" className="text-lg font-semibold">
          {t("admin.delivery.addCourier")}
        </h2>
        <input type="hidden" name="intent" value="courier" />
        <CourierFields fields={fields} />
        <FormMessage errors={form.errors} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.delivery.addCourier")}
        </button>
      </Form>
    </div>
  );
}

/** Up and down, each a form of its own naming the list's version. */
function MoveForms({ courier, first, last }: { courier: Courier; first: boolean; last: boolean }) {
  const { version } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const id = `move-${courier.id}`;
  const lastResult = useReplyFor<typeof action>(id);
  const up = useSchemaForm(CourierMoveSchema, { id: `${id}-up-${version}`, lastResult });
  const down = useSchemaForm(CourierMoveSchema, { id: `${id}-down-${version}`, lastResult });
  const button = (form: typeof up, direction: "up" | "down") => (
    <Form method="post" {...getFormProps(form.form)}>
      <input type="hidden" name="intent" value="courier-move" />
      <input type="hidden" name="courier" value={courier.id} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className="button-secondary text-sm" aria-label={t(`admin.delivery.${direction}Of`, { courier: courier.name })} disabled={form.busy}>
        {t(`admin.delivery.${direction}`)}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        {first ? null : button(up, "up")}
        {last ? null : button(down, "down")}
      </div>
      <FormMessage errors={up.form.errors} />
    </div>
  );
}
