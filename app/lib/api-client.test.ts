import { describe, expect, it } from "vitest";
import { API_RETRY_DELAY_MS, API_TIMEOUT_MS, callApi, forwardedHeaders } from "./api-client";

describe("callApi", () => {
  it("uses the spec's timeout and retry delay", () => {
    expect(API_TIMEOUT_MS).toBe(60_000);
    expect(API_RETRY_DELAY_MS).toBe(100);
  });

  it("forwards cookie, x-forwarded-host and host from the shopper's request on the server", async () => {
    const request = new Request("http://lt.localhost:3000/lt", {
      headers: { cookie: "a=1", "x-forwarded-host": "shop.example", host: "lt.localhost:3000", authorization: "secret" },
    });
    expect([...forwardedHeaders(request).keys()].sort()).toEqual(["cookie", "host", "x-forwarded-host"]);

    let seen: Request | undefined;
    const result = await callApi<{ ok: number }>("/api/x", {
      request,
      body: { a: 1 },
      locale: "lt",
      fetchImpl: async (input, init) => {
        seen = new Request(input, init);
        return Response.json({ ok: 1 });
      },
    });
    expect(result).toEqual({ ok: true, data: { ok: 1 }, httpStatus: 200 });
    expect(seen?.url).toBe("http://lt.localhost:3000/api/x");
    expect(seen?.method).toBe("POST");
    expect(seen?.headers.get("cookie")).toBe("a=1");
    expect(seen?.headers.get("x-forwarded-host")).toBe("shop.example");
    expect(seen?.headers.get("authorization")).toBeNull();
    expect(seen?.headers.get("x-locale")).toBe("lt");
    expect(await seen?.json()).toEqual({ a: 1 });
  });

  it("retries network failures and server errors, but not a 4xx answer", async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new TypeError("fetch failed");
      if (calls === 2) return new Response("", { status: 503 });
      return Response.json({ fine: true });
    };
    const started = Date.now();
    expect((await callApi("/api/x", { baseUrl: "http://x", retries: 2, fetchImpl: flaky })).ok).toBe(true);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * API_RETRY_DELAY_MS - 10);

    calls = 0;
    const refusing = async () => {
      calls++;
      return Response.json({ status: false, message: "Bad" }, { status: 400 });
    };
    const result = await callApi("/api/x", { baseUrl: "http://x", retries: 2, fetchImpl: refusing });
    expect(result).toMatchObject({ ok: false, message: "Bad", httpStatus: 400 });
    expect(calls).toBe(1);
  });

  it("gives up after the last retry with the last failure", async () => {
    let calls = 0;
    const down = async () => {
      calls++;
      throw new TypeError("fetch failed");
    };
    const result = await callApi("/api/x", { baseUrl: "http://x", retries: 3, fetchImpl: down });
    expect(result).toMatchObject({ ok: false, message: "fetch failed", httpStatus: 0 });
    expect(calls).toBe(4);
  });
});
