import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { StaffLoginSchema } from "~/models/staff/schemas";
import { signInStaff } from "~/models/staff/sign-in.server";
import { endStaffSession } from "~/models/staff/staff-sessions.server";
import { staffSessionOf } from "~/web/admin/guard.server";
import { sessionMetaOf, SIGN_IN_MESSAGE } from "~/web/admin/sign-in.server";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";
import { replyWith, parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/login: the password step of a staff sign-in. It opens a pending
// session that leads only to the one-time-code step (login-code.tsx).

export const meta = adminMeta("admin.login.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await staffSessionOf(request);
  if (session?.verified) throw redirect("/admin");
  const url = new URL(request.url);
  return { notice: url.searchParams.has("signedOut") ? "admin.login.signedOut" : url.searchParams.has("expired") ? "admin.login.expired" : url.searchParams.has("passwordSet") ? "admin.invite.done" : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, value, failure } = parseForm(await request.formData(), StaffLoginSchema);
  if (failure) return failure;
  const result = await signInStaff(value.email, value.password, sessionMetaOf(request, context));
  if (!result.ok) return replyWith(submission, result.error === "too_many_requests" ? 429 : 400, [SIGN_IN_MESSAGE[result.error]]);
  // A half-finished sign-in on this device is replaced by the new one.
  const previous = await staffSessionOf(request);
  if (previous) await endStaffSession(previous.id);
  return redirect("/admin/login/code", { status: 303, headers: { "set-cookie": await staffSessionSetCookie(result.sessionId) } });
}

export default function StaffLogin() {
  const { notice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(StaffLoginSchema, { id: "staff-login", lastResult });
  return (
    <AuthCard title={t("admin.login.title")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormMessage errors={form.errors} success={notice && !form.errors ? t(notice) : undefined} />
        <Field field={fields.email} label={t("admin.login.email")} type="email" autoComplete="username" />
        <Field field={fields.password} label={t("admin.login.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button-primary" disabled={busy}>
          {t("admin.login.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
