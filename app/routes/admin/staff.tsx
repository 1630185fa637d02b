import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { STAFF_ROLES } from "~/models/staff/roles";
import { InviteStaffSchema, StaffChangeSchema } from "~/models/staff/schemas";
import { inviteStaff, listStaff, resetSecondFactor, setStaffDisabled } from "~/models/staff/staff.server";
import { sendStaffInvite } from "~/models/staff/invite-mail.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { siteForRequest } from "~/web/sites.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/staff (owners): who works in the back office; invite by email,
// disable at once, reset a lost second factor.

export const meta = adminMeta("admin.staff.title");

const DONE = { invite: "admin.staff.invited_", disable: "admin.staff.disabledDone", enable: "admin.staff.enabledDone", reset_second_factor: "admin.staff.resetDone" } as const;
type Done = keyof typeof DONE;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "staff.manage");
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  return {
    staff: await listStaff(),
    done: done && done in DONE ? { key: DONE[done as Done], email: url.searchParams.get("email") ?? "" } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "staff.manage");
  const formData = await request.formData();
  const done = (intent: Done, email: string) => redirect(`/admin/staff?${new URLSearchParams({ done: intent, email })}`, 303);
  if (formData.get("intent") === "invite") {
    const { submission, value, failure } = parseForm(formData, InviteStaffSchema, { form: "invite" });
    if (failure) return failure;
    const invited = await inviteStaff(actor, value);
    if (!invited.ok) return refused(submission, staff.locale, "staff.emailTaken", undefined, 409, "invite");
    const site = await siteForRequest(request);
    await sendStaffInvite({ email: value.email, name: value.name, role: value.role, locale: value.locale }, invited.token, staff.name, site.appUrl);
    return done("invite", value.email);
  }
  const { submission, value, failure } = parseForm(formData, StaffChangeSchema, { form: "change" });
  if (failure) return failure;
  const result = value.intent === "reset_second_factor" ? await resetSecondFactor(actor, value.id, value.version) : await setStaffDisabled(actor, value.id, value.intent === "disable", value.version);
  if (result.ok) {
    const member = (await listStaff()).find((row) => row.id === value.id);
    return done(value.intent, member?.email ?? "");
  }
  if (result.error === "stale") return staleRefusal(submission, staff.locale, result, "change");
  const key = { own_account: "staff.ownAccount", last_owner: "staff.lastOwner", not_found: "notFound", email_taken: "staff.emailTaken" }[result.error];
  return refused(submission, staff.locale, key, undefined, 409, "change");
}

export default function Staff() {
  const { staff, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const inviteReply = replyFor(answer, "invite");
  const changeReply = replyFor(answer, "change");
  const { form, fields, busy } = useSchemaForm(InviteStaffSchema, { id: "invite", lastResult: inviteReply, defaultValue: { locale: "en" } });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.staff.title")}</h1>
      <FormMessage errors={changeReply?.error?.[""] ?? undefined} success={done && !changeReply ? t(done.key, { email: done.email }) : undefined} />
      <DataTable
        caption={t("admin.staff.title")}
        rows={staff}
        rowKey={(member) => member.id}
        empty="—"
        columns={[
          { header: t("admin.staff.name"), cell: (member) => member.name },
          { header: t("admin.staff.email"), cell: (member) => member.email },
          { header: t("admin.staff.role"), cell: (member) => t(`admin.roles.${member.role}`) },
          {
            header: t("admin.staff.status"),
            cell: (member) =>
              member.disabled_at
                ? `${t("admin.staff.disabled")} ${formatDateTime(member.disabled_at)}`
                : member.invited
                  ? t("admin.staff.invited")
                  : member.enrolled
                    ? t("admin.staff.active")
                    : t("admin.staff.notEnrolled"),
          },
          {
            header: t("admin.staff.actions"),
            cell: (member) => (
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="id" value={member.id} />
                <input type="hidden" name="version" value={member.version} />
                {member.disabled_at ? (
                  <button type="submit" name="intent" value="enable" className="button-secondary px-3 py-1 text-sm">
                    {t("admin.staff.enable")}
                  </button>
                ) : (
                  <button type="submit" name="intent" value="disable" className="button-secondary px-3 py-1 text-sm">
                    {t("admin.staff.disable")}
                  </button>
                )}
                {member.enrolled ? (
                  <button type="submit" name="intent" value="reset_second_factor" className="button-secondary px-3 py-1 text-sm">
                    {t("admin.staff.resetSecondFactor")}
                  </button>
                ) : null}
              </Form>
            ),
          },
        ]}
      />
      <section aria-labelledby="invite-title" className="max-w-xl rounded-lg bg-surface p-4 shadow-sm">
        <h2 id="invite-title" className="mb-3 text-lg font-semibold">
          {t("admin.staff.inviteTitle")}
        </h2>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="invite" />
          <FormMessage errors={form.errors} />
          <Field field={fields.name} label={t("admin.staff.name")} autoComplete="off" />
          <Field field={fields.email} label={t("admin.staff.email")} type="email" autoComplete="off" />
          <SelectField field={fields.role} label={t("admin.staff.role")} placeholder="—" options={STAFF_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))} />
          <SelectField
            field={fields.locale}
            label={t("admin.staff.language")}
            placeholder="—"
            options={[
              { value: "en", label: "English" },
              { value: "lt", label: "Lietuvių" },
              { value: "lv", label: "Latviešu" },
              { value: "ee", label: "Eesti" },
            ]}
          />
          <button type="submit" className="button-primary self-start" disabled={busy}>
            {t("admin.staff.inviteSubmit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
