import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { TableSection } from "~/components/admin/Section";
import { PromotionFields } from "~/components/admin/PromotionFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { FormMessage } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney, toDecimalString } from "~/lib/money";
import { endPromotion, staffPromotion, updatePromotion, type PromotionChange } from "~/models/promotions/promotion-admin.server";
import { discountText, percentText, PromotionEditSchema, PromotionEndSchema, utcMinuteText } from "~/models/promotions/promotion-form";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { intlLocale } from "~/lib/i18n";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/promotions/:id: one promotion code, the number used so far and its
// latest uses, the form that edits it and the button that ends it now. Both
// carry the code's version: a change made on an older page is refused.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.promotion.code);

const DONE = { created: "admin.promotions.createdDone", saved: "admin.promotions.savedDone", ended: "admin.promotions.endedDone" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "promotions.manage");
  const found = await recordOf(request, params.id, staffPromotion);
  return {
    ...found,
    locale: intlLocale(staff.locale),
    done: doneMessage(request, DONE),
    // The catalogue role keeps codes but does not open orders: their numbers are then plain text.
    ordersOpen: can(staff.role, "orders.read"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "promotions.manage");
  const id = recordIdOf(request, params.id);
  const formData = await request.formData();
  const answer = (result: PromotionChange, submission: Parameters<typeof refused>[0], form: string, done: keyof typeof DONE) => {
    if (result.ok) return redirect(`/admin/promotions/${id}?done=${done}`, 303);
    if (result.error === "not_found") throw routeCheckFailed(request);
    if (result.error === "stale") return staleRefusal(submission, staff.locale, result, form);
    if (result.error === "code_taken") return replyWith(submission, 409, { fields: { code: ["admin.promotions.codeTaken"] } }, form);
    if (result.error === "below_uses") return refused(submission, staff.locale, "promotions.belowUses", { uses: result.uses }, 409, form);
    return refused(submission, staff.locale, "promotions.alreadyEnded", undefined, 409, form);
  };
  if (formData.get("intent") === "end") {
    const { submission, value, failure } = parseForm(formData, PromotionEndSchema, { form: "end" });
    if (failure) return failure;
    return answer(await endPromotion(actor, id, value.version), submission, "end", "ended");
  }
  const { submission, value, failure } = parseForm(formData, PromotionEditSchema, { form: "edit" });
  if (failure) return failure;
  return answer(await updatePromotion(actor, id, value.input, value.version), submission, "edit", "saved");
}

export default function Promotion() {
  const { promotion, customers, uses, trail, locale, done, ordersOpen } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const forForm = (name: string) => replyFor(reply, name);
  // Forms named by the version they change: once a change is made, they start from the code as it is now.
  const edit = useSchemaForm(PromotionEditSchema, {
    id: `promotion-${promotion.version}`,
    lastResult: forForm("edit"),
    defaultValue: {
      code: promotion.code,
      kind: promotion.kind === 0 ? "fixed" : "percent",
      amount: promotion.amount_minor === null ? "" : toDecimalString(promotion.amount_minor),
      percent: percentText(promotion.percent),
      startsAt: utcMinuteText(promotion.valid_from),
      endsAt: utcMinuteText(promotion.valid_until),
      minSubtotal: promotion.min_subtotal_minor > 0 ? toDecimalString(promotion.min_subtotal_minor) : "",
      maxUses: promotion.max_uses === null ? "" : String(promotion.max_uses),
      maxUsesPerCustomer: promotion.max_uses_per_customer === null ? "" : String(promotion.max_uses_per_customer),
      // The fields as typed (strings); conform types a default by the schema's output.
    } as never,
  });
  const end = useSchemaForm(PromotionEndSchema, { id: `promotion-end-${promotion.version}`, lastResult: forForm("end") });
  const errors = [...(edit.form.errors ?? []), ...(end.form.errors ?? [])];
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/promotions", label: t("admin.promotions.title") }}
        title={<>{promotion.code} · {t(`admin.promotions.statuses.${promotion.status}`)}</>}
        facts={
          <>
            {discountText(promotion, locale)}
            {promotion.min_subtotal_minor > 0 ? ` · ${t("admin.promotions.minimum")}: ${formatMoney(promotion.min_subtotal_minor, "EUR", locale)}` : ""} ·{" "}
            {t("admin.promotions.usedSoFar", { uses: promotion.uses, customers })}
          </>
        }
      />
      <FormMessage errors={errors.length ? errors : undefined} success={done ? t(done, { code: promotion.code }) : undefined} />

      <Form method="post" {...getFormProps(edit.form)} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={promotion.version} />
        <PromotionFields fields={edit.fields} idPrefix="promotion-edit" />
        <button type="submit" className="button-primary self-start" disabled={edit.busy}>
          {t("admin.promotions.save")}
        </button>
      </Form>

      {promotion.status !== "ended" ? (
        <Form method="post" {...getFormProps(end.form)} className="flex flex-col gap-2 rounded-lg bg-surface p-4 shadow-sm">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="version" value={promotion.version} />
          <p id="promotion-end-hint" className="text-sm text-ink-muted">
            {t("admin.promotions.endHint")}
          </p>
          <button type="submit" aria-describedby="promotion-end-hint" className="button-secondary self-start" disabled={end.busy}>
            {t("admin.promotions.end")}
          </button>
        </Form>
      ) : null}

      <TableSection
        title={t("admin.promotions.uses")}
        rows={uses}
        rowKey={(use) => use.id}
        empty={t("admin.promotions.noUses")}
        columns={[
          {
            header: t("admin.promotions.order"),
            cell: (use) =>
              ordersOpen ? (
                <Link to={`/admin/orders/${use.orderId}`} className="link">
                  {use.order}
                </Link>
              ) : (
                use.order
              ),
          },
          { header: t("admin.promotions.email"), cell: (use) => <span className="break-all">{use.email}</span> },
          { header: t("admin.promotions.when"), when: (use) => use.at },
        ]}
      />

      <TrailSection entries={trail} />
    </div>
  );
}
