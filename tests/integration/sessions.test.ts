import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { getSessionUser, sessionCookie } from "~/web/accounts/sessions.server";
import { loader as canViewTranslations } from "~/routes/api/accounts/can-view-translations";
import { makeCustomer, sessionCookie as signedIn } from "./factories";

const user = (email: string, role: "customer" | "pro" | "admin") => makeCustomer({ email, role, firstName: "Test" });

function requestWith(cookie?: string) {
  return new Request("http://localhost/api/auth/permissions/can-view-translations", { headers: cookie ? { cookie } : {} });
}

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("sessions", () => {
  it("find the user of a signed cookie whose session exists", async () => {
    const { id } = await user("session@example.com", "customer");
    const cookie = await signedIn(id);
    expect(await getSessionUser(requestWith(cookie))).toMatchObject({ id, email: "session@example.com", role: "customer" });
  });

  it("treat a guest, a forged cookie and an ended session as nobody", async () => {
    expect(await getSessionUser(requestWith())).toBeNull();
    const forged = `session=${Buffer.from(JSON.stringify("made-up")).toString("base64")}`;
    expect(await getSessionUser(requestWith(forged))).toBeNull();
    const { id } = await user("ended@example.com", "customer");
    const cookie = await signedIn(id);
    await db().updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", id).execute();
    expect(await getSessionUser(requestWith(cookie))).toBeNull();
    const valid = await signedIn(id);
    await db().deleteFrom("sessions").where("user_id", "=", id).execute();
    expect(await getSessionUser(requestWith(valid))).toBeNull();
  });

  it("carry the long-lived cookie of spec 9, HttpOnly and SameSite=Lax", async () => {
    const header = await sessionCookie().serialize("x");
    expect(header).toContain("Max-Age=2147483646");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
  });
});

describe("the translation-key permission", () => {
  it("is true for an operator and false for a customer or a guest, and is remembered for a day", async () => {
    const admin = await user("operator@example.com", "admin");
    const customer = await user("shopper@example.com", "customer");
    const cases: [string | undefined, boolean][] = [
      [await signedIn(admin.id), true],
      [await signedIn(customer.id), false],
      [undefined, false],
    ];
    for (const [cookie, expected] of cases) {
      const response = (await canViewTranslations(args(requestWith(cookie)) as never)) as Response;
      expect(response.status).toBe(200);
      expect(await response.json()).toBe(expected);
      expect(response.headers.get("set-cookie")).toBe(`can-view-translations=${expected ? 1 : 0}; Path=/; Max-Age=86400; SameSite=Lax`);
    }
  });
});
