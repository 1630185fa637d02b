import { adminLocale, adminT } from "~/platform/admin-texts.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { INVITE_TTL_HOURS, type NewStaff } from "./staff.server";

// The invitation: a set-password link, in the new staff member's language
// (the back office's English or Lithuanian), built on the shop's own
// address, never on a request's Host header.

export async function sendStaffInvite(staff: NewStaff, token: string, inviterName: string, appUrl: string) {
  const t = adminT(adminLocale(staff.locale));
  const url = new URL(`/admin/set-password/${token}`, appUrl).toString();
  await sendMail(
    simpleMail(
      staff.email,
      t("invite.mailSubject"),
      [t("invite.mailBody", { inviter: inviterName, role: t(`roles.${staff.role}`), hours: INVITE_TTL_HOURS })],
      { label: t("invite.mailAction"), url },
    ),
  );
}
