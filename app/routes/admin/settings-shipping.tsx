import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { RateInput } from "~/components/admin/RateFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { AddRowForm, RowForm } from "~/components/admin/RowForms";
import { useReplyFor } from "~/components/forms/reply-for";
import { TypedField } from "~/components/admin/TypedField";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney, toDecimalString } from "~/lib/money";
import { auditTrail } from "~/models/audit/audit.server";
import { ShippingTierRemoveSchema, ShippingTierSchema } from "~/models/settings/delivery-schema";
import { removeShippingTier, saveShippingTier, staffSiteTiers } from "~/models/settings/delivery.server";
import { adminLocale } from "~/platform/admin-texts.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/shipping/:site (catalogue and owners): a site's shipping
// discounts by tier: from a subtotal up, shipping costs a flat amount
// whatever the method (0 for free shipping). Each tier is a form of its
// own, changed or removed; one more adds a tier. The next cart is priced
// by them.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.name);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "settings.manage");
  const site = await staffSiteTiers(params.site ?? "");
  if (!site) throw routeCheckFailed(request);
  return { ...site, trail: await auditTrail("shipping_tiers", site.site), locale: adminLocale(staff.locale), done: new URL(request.url).searchParams.get("done") };
}

const formId = (at: number | undefined) => (at === undefined ? "tier-new" : `tier-${at}`);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const site = params.site ?? "";
  const formData = await request.formData();
  const at = /^\d+$/.test(String(formData.get("at") ?? "")) ? Number(formData.get("at")) : undefined;
  if (formData.get("intent") === "tier-remove") {
    const form = `${formId(at)}-remove`;
    const { submission, value, failure } = parseForm(formData, ShippingTierRemoveSchema, { form });
    if (failure) return failure;
    const removed = await removeShippingTier(actor, site, value.at, value.version ? new Date(value.version) : undefined);
    if (removed.ok) return redirect(`/admin/settings/shipping/${site}?done=removed`, 303);
    if (removed.error === "not_found") throw routeCheckFailed(request);
    if (removed.error === "stale") return staleRefusal(submission, staff.locale, removed, form);
    return refused(submission, staff.locale, "delivery.tierTaken", undefined, 409, form);
  }
  const form = formId(at);
  const { submission, value, failure } = parseForm(formData, ShippingTierSchema, { form });
  if (failure) return failure;
  const saved = await saveShippingTier(actor, site, value.at ?? null, { minSubtotalMinor: value.from, shippingMinor: value.cost }, value.version ? new Date(value.version) : undefined);
  if (saved.ok) return redirect(`/admin/settings/shipping/${site}?done=${value.at === undefined ? "added" : "saved"}`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved, form);
  return refused(submission, staff.locale, "delivery.tierTaken", { from: formatMoney(value.from, "EUR", adminLocale(staff.locale)) }, 409, form);
}

type Tier = Awaited<ReturnType<typeof loader>>["tiers"][number];

export default function ShippingTiers() {
  const { site, name, tiers, trail, locale, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t("admin.delivery.tiersTitle", { site: name });
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/settings", label: t("admin.settings.title") }} title={title} facts={site}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.delivery.tiersIntro")}</p>
      </RecordHeading>
      <FormMessage success={done ? t(`admin.delivery.tierDone.${done === "added" ? "added" : done === "removed" ? "removed" : "saved"}`) : undefined} />
      <DataTable
        caption={title}
        rows={tiers}
        rowKey={(tier) => tier.minSubtotalMinor}
        empty={t("admin.delivery.noTiers")}
        columns={[
          { header: t("admin.delivery.tierNow"), cell: (tier) => t("admin.delivery.tierReads", { from: formatMoney(tier.minSubtotalMinor, "EUR", locale), cost: formatMoney(tier.shippingMinor, "EUR", locale) }) },
          { header: t("admin.delivery.change"), cell: (tier) => <TierForm tier={tier} /> },
          { header: t("admin.delivery.remove"), cell: (tier) => <RemoveTier tier={tier} /> },
        ]}
      />
      <TierForm />
      <AuditTrail entries={trail} />
    </div>
  );
}

/** A tier changed in its row, or (no tier) a new one below the list. */
function TierForm({ tier }: { tier?: Tier }) {
  const { t } = useTranslation();
  const id = formId(tier?.minSubtotalMinor);
  const version = tier ? new Date(tier.updatedAt).toISOString() : "";
  const { form, fields, busy } = useSchemaForm(ShippingTierSchema, {
    id: `${id}-${version}`,
    lastResult: useReplyFor<typeof action>(id),
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: (tier ? { from: toDecimalString(tier.minSubtotalMinor), cost: toDecimalString(tier.shippingMinor) } : {}) as never,
  });
  const hidden = (
    <>
      <input type="hidden" name="intent" value="tier" />
      <input type="hidden" name="at" value={tier?.minSubtotalMinor ?? ""} />
      <input type="hidden" name="version" value={version} />
    </>
  );
  if (tier) {
    return (
      <RowForm form={form} busy={busy} hidden={hidden} saveLabel={t("admin.delivery.save")}>
        <RateInput field={fields.from} label={t("admin.delivery.fromOf", { from: toDecimalString(tier.minSubtotalMinor) })} />
        <RateInput field={fields.cost} label={t("admin.delivery.costOf", { from: toDecimalString(tier.minSubtotalMinor) })} />
      </RowForm>
    );
  }
  return (
    <AddRowForm form={form} busy={busy} hidden={hidden} title={t("admin.delivery.addTier")}>
      <TypedField field={fields.from} label={t("admin.delivery.from")} />
      <TypedField field={fields.cost} label={t("admin.delivery.cost")} />
    </AddRowForm>
  );
}

function RemoveTier({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const id = `${formId(tier.minSubtotalMinor)}-remove`;
  const version = new Date(tier.updatedAt).toISOString();
  const { form, busy } = useSchemaForm(ShippingTierRemoveSchema, { id: `${id}-${version}`, lastResult: useReplyFor<typeof action>(id) });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="tier-remove" />
      <input type="hidden" name="at" value={tier.minSubtotalMinor} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className="button-secondary text-sm" aria-label={t("admin.delivery.removeTierOf", { from: toDecimalString(tier.minSubtotalMinor) })} disabled={busy}>
        {t("admin.delivery.remove")}
      </button>
      <FormMessage errors={form.errors} />
    </Form>
  );
}
