import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import QRCode from "qrcode";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { StaffCodeSchema } from "~/models/staff/schemas";
import { completeEnrolment, confirmStaffCode, enrolmentSecret, finishEnrolment, recoveryCodesLeft } from "~/models/staff/sign-in.server";
import { staffSessionOf } from "~/web/admin/guard.server";
import { sessionMetaOf, SIGN_IN_MESSAGE } from "~/web/admin/sign-in.server";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/login/code: the second step of a staff sign-in. A staff member with
// a second factor gives a one-time code or a recovery code; one without
// (new, or reset by an owner after a lost phone) scans the QR code, gives
// its first code and is shown ten recovery codes, once.

export const meta = adminMeta("admin.login.title");

async function pendingSession(request: Request) {
  const session = await staffSessionOf(request);
  if (!session) throw redirect("/admin/login?expired");
  if (session.verified) throw redirect("/admin");
  return session;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await pendingSession(request);
  if (session.enrolled) return { enrol: null, justEnrolled: session.justEnrolled };
  const { secret, uri } = await enrolmentSecret(session);
  // The QR code is drawn on the server as SVG: no script, no third party.
  const qr = await QRCode.toString(uri, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return { enrol: { secret, qr }, justEnrolled: false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await pendingSession(request);
  const meta = sessionMetaOf(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === "recovery_codes_kept") {
    const finished = await finishEnrolment(session, meta);
    if (!finished.ok) throw redirect("/admin/login?expired");
    return redirect("/admin", {
      status: 303,
      headers: {
        "set-cookie": await staffSessionSetCookie(finished.sessionId),
      },
    });
  }
  const { submission, value, failure } = parseForm(formData, StaffCodeSchema);
  if (failure) return failure;
  if (!session.enrolled) {
    const enrolled = await completeEnrolment(session, value.code);
    if (!enrolled.ok) return replyWith(submission, enrolled.error === "too_many_requests" ? 429 : 400, [SIGN_IN_MESSAGE[enrolled.error]]);
    // Shown on this answer and never again.
    return data({ recoveryCodes: enrolled.recoveryCodes }, { headers: { "cache-control": "no-store" } });
  }
  const signedIn = await confirmStaffCode(session, value.code, meta);
  if (!signedIn.ok) return replyWith(submission, signedIn.error === "too_many_requests" ? 429 : 400, [SIGN_IN_MESSAGE[signedIn.error]]);
  const target = signedIn.usedRecoveryCode ? `/admin?recoveryLeft=${await recoveryCodesLeft(session.staff.id)}` : "/admin";
  return redirect(target, {
    status: 303,
    headers: { "set-cookie": await staffSessionSetCookie(signedIn.sessionId) },
  });
}

export default function StaffCode() {
  const { enrol, justEnrolled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const lastResult = answer && "status" in answer ? answer : undefined;
  const { form, fields, busy } = useSchemaForm(StaffCodeSchema, {
    id: "staff-code",
    lastResult,
  });
  const recoveryCodes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  // Enrolled: the codes, on the answer that made them (never again), and the button that goes on.
  if (recoveryCodes || justEnrolled) {
    return (
      <AuthCard title={t("admin.login.recoveryTitle")} intro={t("admin.login.recoveryIntro")}>
        {recoveryCodes ? (
          <ol className="grid grid-cols-2 gap-2 font-mono text-lg" aria-label={t("admin.login.recoveryTitle")}>
            {recoveryCodes.map((code) => (
              <li key={code} className="rounded bg-surface-muted px-3 py-1.5 text-center">
                {code}
              </li>
            ))}
          </ol>
        ) : null}
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="recovery_codes_kept" className="button-primary w-full">
            {t("admin.login.recoveryContinue")}
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(enrol ? "admin.login.enrolTitle" : "admin.login.codeTitle")} intro={t(enrol ? "admin.login.enrolIntro" : "admin.login.codeIntro")}>
      {enrol ? (
        <div className="mb-6 flex flex-col items-center gap-3">
          <div className="size-52 [&>svg]:size-full" role="img" aria-label={t("admin.login.enrolTitle")} dangerouslySetInnerHTML={{ __html: enrol.qr }} />
          <p className="text-sm text-ink-muted">{t("admin.login.secretLabel")}</p>
          <code className="break-all rounded bg-surface-muted px-3 py-1.5 font-mono" data-testid="totp-secret">
            {enrol.secret}
          </code>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormMessage errors={form.errors} />
        <Field field={fields.code} label={t("admin.login.code")} autoComplete="one-time-code" />
        <button type="submit" className="button-primary" disabled={busy}>
          {t(enrol ? "admin.login.enrolSubmit" : "admin.login.codeSubmit")}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/admin/login" className="link">
          {t("admin.login.startAgain")}
        </Link>
      </p>
    </AuthCard>
  );
}
