import type { DB } from "~/models/db/db.server";
import { hashPassword } from "~/models/accounts/passwords.server";
import type { StaffRole } from "~/models/db/schema";

/**
 * One back-office account per role, for trying the back office; the README
 * lists them. Each has its second factor set already: the secret is what an
 * authenticator app would hold (add it by hand, or compute a code with
 * `npm run admin -- staff code --email …`).
 */
export const DEMO_STAFF: Record<StaffRole, { email: string; name: string; password: string; totpSecret: string }> = {
  owner: { email: "owner@example.com", name: "Rūta Owner", password: "demo-owner-2026", totpSecret: "DEMOOWNERKEYAAAAAAAAAAAAAAAAAAAA" },
  operator: { email: "operator@example.com", name: "Tomas Operator", password: "demo-operator-2026", totpSecret: "DEMOOPERATORKEYAAAAAAAAAAAAAAAAA" },
  support: { email: "support@example.com", name: "Liga Support", password: "demo-support-2026", totpSecret: "DEMOSUPPORTKEYAAAAAAAAAAAAAAAAAA" },
  catalogue: { email: "catalogue@example.com", name: "Kadri Catalogue", password: "demo-catalogue-2026", totpSecret: "DEMOCATALOGUEKEYAAAAAAAAAAAAAAAA" },
};

/** Argon2 is slow on purpose: the hashes are made before the seeding transaction opens. */
export async function hashDemoStaffPasswords() {
  const entries = await Promise.all(Object.entries(DEMO_STAFF).map(async ([role, staff]) => [role, await hashPassword(staff.password)] as const));
  return Object.fromEntries(entries) as Record<StaffRole, string>;
}

/**
 * The demo staff, as they are documented: added, or put back (password,
 * second factor, role, enabled) if someone changed them. Staff are never
 * deleted, since the audit log keeps who did what.
 */
export async function insertDemoStaff(trx: DB, hashes: Record<StaffRole, string>) {
  for (const [role, staff] of Object.entries(DEMO_STAFF) as [StaffRole, (typeof DEMO_STAFF)[StaffRole]][]) {
    await trx
      .insertInto("staff")
      .values({ email: staff.email, name: staff.name, role, locale: "en", password_hash: hashes[role], totp_secret: staff.totpSecret })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet({ name: staff.name, role, password_hash: hashes[role], totp_secret: staff.totpSecret, totp_last_step: null, disabled_at: null }),
      )
      .execute();
  }
  return Object.keys(DEMO_STAFF).length;
}
