import { describe, expect, it, vi } from "vitest";
import { serialiseUtm } from "~/models/marketing/utm";
import { sendUtm } from "./send-utm";

const ok = () => new Response(JSON.stringify({ status: "success" }), { status: 200, headers: { "content-type": "application/json" } });

describe("sending the campaign to POST /api/utm", () => {
  it("posts the landing URL's keys, with a 2 s timeout", async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => ok());
    await sendUtm("?utm_source=news&utm_campaign=spring&q=x", "", fetchImpl as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe("/api/utm");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ utm_source: "news", utm_campaign: "spring" });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends the saved values when the URL has none, and nothing when neither has any", async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => ok());
    await sendUtm("?q=x", `consent=analytics; utm=${serialiseUtm({ utm_medium: "cpc" })}`, fetchImpl as typeof fetch);
    expect(JSON.parse(String(fetchImpl.mock.calls[0]![1]?.body))).toEqual({ utm_medium: "cpc" });
    fetchImpl.mockClear();
    await sendUtm("?q=x", "consent=analytics", fetchImpl as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("tries 3 more times after a failure, then only reports it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("network down");
    });
    await expect(sendUtm("?utm_source=news", "", fetchImpl as typeof fetch)).resolves.toBeUndefined();
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
