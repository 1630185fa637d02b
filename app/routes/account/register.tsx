import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AuthCard, AuthSwitch } from "~/components/forms/AuthCard";
import { RegisterForm } from "~/components/account/AuthForms";
import { RegisterSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { openPage } from "~/web/page-start.server";
import { safeRedirect } from "~/web/safe-redirect";
import { noindexPageMeta } from "~/web/seo";
import { signUp } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";
import { signedInRedirect } from "~/web/accounts/sign-in.server";
import { callerOf } from "~/web/accounts/caller.server";

// /register: spec 5's flow. The email is checked first: a new one gets an
// account and is signed in; one whose account never had a password is sent
// a link to set it (password_sent); any other existing one is told so.
const guard = defineGuards("guest");

export const meta = noindexPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("auth.registerTitle"), redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "" };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale } = await openPage(guard, { request, params });
  const { submission, value, failure } = parseForm(await request.formData(), RegisterSchema, { publicForm: true });
  if (failure) return failure;
  // Where to go is settled before the account exists.
  const target = safeRedirect(value.redirectTo, localePath(locale, "/my-orders"));
  const result = await signUp(value, { ...(await callerOf(request, context)), site: await siteForRequest(request), locale });
  if (!result.ok) return formRefusal(submission, result.error);
  if (result.kind === "password_sent") {
    return data({ ...submission.reply({ resetForm: true }), notice: "auth.password_sent" as const });
  }
  return signedInRedirect(target, result.sessionId);
}

export default function Register() {
  const { title, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AuthCard title={title} intro={t("auth.registerIntro")} footer={<AuthSwitch question={t("auth.haveAccount")} link={t("auth.signIn")} to="/login" redirectTo={redirectTo} />}>
      <RegisterForm id="register" lastResult={lastResult} redirectTo={redirectTo} />
    </AuthCard>
  );
}
