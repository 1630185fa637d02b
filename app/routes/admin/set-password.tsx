import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { StaffPasswordSchema } from "~/models/staff/schemas";
import { acceptInvite, inviteOf } from "~/models/staff/staff.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/set-password/:token: where an invitation's link leads. The new
// staff member sets a password, then signs in and enrols a second factor.

export const meta = adminMeta("admin.invite.title");

export async function loader({ params }: LoaderFunctionArgs) {
  const invite = await inviteOf(params.token ?? "");
  return { name: invite?.name ?? null, email: invite?.email ?? null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission, value, failure } = parseForm(await request.formData(), StaffPasswordSchema);
  if (failure) return failure;
  if (!(await acceptInvite(params.token ?? "", value.password))) return replyWith(submission, 400, ["admin.invite.invalid"]);
  return redirect("/admin/login?passwordSet", 303);
}

export default function SetPassword() {
  const { name, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(StaffPasswordSchema, { id: "staff-password", lastResult });
  if (!name) {
    return (
      <AuthCard title={t("admin.invite.title")}>
        <FormMessage errors={["admin.invite.invalid"]} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("admin.invite.title")} intro={t("admin.invite.intro", { name })}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormMessage errors={form.errors} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" value={email ?? ""} autoComplete="username" readOnly hidden />
        <Field field={fields.password} label={t("admin.invite.password")} type="password" autoComplete="new-password" hint={t("admin.invite.hint")} />
        <button type="submit" className="button-primary" disabled={busy}>
          {t("admin.invite.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
