import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage, NewPasswordField } from "~/components/forms/Field";
import { LocaleLink } from "~/components/LocaleLink";
import { ResetPasswordSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { localeParam } from "~/web/locale-param";
import { noindexPageMeta } from "~/web/seo";
import { openPage } from "~/web/page-start.server";
import { resetPasswordWithToken } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { isResetTokenUsable } from "~/models/accounts/password-reset.server";

// /password-reset/{token}: the emailed link. A valid token shows the form
// for the new password; after it the shopper signs in with the new one.
const guard = defineGuards("guest");

export const meta = noindexPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("auth.newPasswordTitle"), usable: await isResetTokenUsable(params.token ?? "") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const { submission, value, failure } = parseForm(await request.formData(), ResetPasswordSchema, { publicForm: true });
  if (failure) return failure;
  const result = await resetPasswordWithToken({ token: params.token ?? "", password: value.password }, { clientIp: context.clientIp });
  if (!result.ok) return formRefusal(submission, result.error);
  return redirect(`${localePath(localeParam(params), "/login")}?reset=1`, 303);
}

export default function PasswordReset() {
  const { title, usable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(ResetPasswordSchema, { id: "new-password", lastResult });
  if (!usable && !lastResult) {
    return (
      <AuthCard title={t("auth.invalidTokenTitle")} intro={t("auth.invalidToken")}>
        <LocaleLink to="/password-reset" className="button-primary w-full">
          {t("auth.resetAgain")}
        </LocaleLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <HoneypotInputs label={t("auth.honeypot")} />
        <FormMessage errors={form.errors} />
        <NewPasswordField field={fields.password} label={t("auth.newPassword")} />
        <button type="submit" className="button-primary" disabled={busy}>
          {t("auth.savePassword")}
        </button>
      </Form>
    </AuthCard>
  );
}
