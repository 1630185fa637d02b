import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { PromotionFields } from "~/components/admin/PromotionFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { createPromotion } from "~/models/promotions/promotion-admin.server";
import { PromotionCreateSchema } from "~/models/promotions/promotion-form";
import { staffFor } from "~/web/admin/guard.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/promotions/new: a new promotion code. Once created it opens on its
// own page, where it is edited and ended.

export const meta = adminMeta("admin.promotions.newTitle");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "promotions.manage");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await staffFor(request, context, "promotions.manage");
  const { submission, value, failure } = parseForm(await request.formData(), PromotionCreateSchema);
  if (failure) return failure;
  const created = await createPromotion(actor, value.input);
  if (created.ok) return redirect(`/admin/promotions/${created.id}?done=created`, 303);
  return replyWith(submission, 409, { fields: { code: ["admin.promotions.codeTaken"] } });
}

export default function NewPromotion() {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(PromotionCreateSchema, { id: "promotion-new", lastResult: reply });
  return (
    <div className="flex flex-col gap-4">
      <RecordHeading back={{ to: "/admin/promotions", label: t("admin.promotions.title") }} title={t("admin.promotions.newTitle")} />
      <FormMessage errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="save" />
        <PromotionFields fields={fields} idPrefix="promotion-new" />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.promotions.create")}
        </button>
      </Form>
    </div>
  );
}
