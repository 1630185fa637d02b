import { describe, expect, it } from "vitest";
import { fetchCurrentUser } from "./current-user";

describe("getCurrentUser", () => {
  it("answers the user", async () => {
    const fetchImpl = async () => Response.json({ user: { id: 7, unpaid_orders_count: 2 } });
    expect(await fetchCurrentUser(fetchImpl as typeof fetch)).toEqual({ id: 7, unpaid_orders_count: 2 });
  });

  it("tries 3 more times after a failure, then counts as no user (spec 7 and 8)", async () => {
    let calls = 0;
    const fetchImpl = async () => {
      calls++;
      return new Response("Bad gateway", { status: 502 });
    };
    expect(await fetchCurrentUser(fetchImpl as typeof fetch)).toBeNull();
    expect(calls).toBe(4);
  });
});
