import { describe, expect, it } from "vitest";
import { perRequest } from "./per-request.server";

describe("perRequest", () => {
  it("works a value out once per request and key", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const request = new Request("http://localhost/");
    expect(await Promise.all([perRequest(request, "site", compute), perRequest(request, "site", compute)])).toEqual([1, 1]);
    expect(await perRequest(request, "other", compute)).toBe(2);
    expect(await perRequest(new Request("http://localhost/"), "site", compute)).toBe(3);
  });
});
