import { describe, expect, it } from "vitest";
import { isValidHost, screen } from "./request-screen";

const base = { method: "GET", target: "/en/login", hosts: ["shop.example:3000"] };
const form = "application/x-www-form-urlencoded";

describe("the request screen", () => {
  it("lets ordinary page and API requests through", async () => {
    expect(await screen(base)).toBeUndefined();
    expect(await screen({ ...base, method: "POST", contentType: form, body: Buffer.from("email=a%40b.c&password=x") })).toBeUndefined();
    expect(await screen({ ...base, method: "POST", target: "/api/auth/login", contentType: "application/json", body: Buffer.from('{"email":"a@b.c"}') })).toBeUndefined();
    expect(await screen({ ...base, method: "POST", target: "/api/auth/logout" })).toBeUndefined();
    expect(await screen({ ...base, method: "DELETE", target: "/api/account/delete-delivery-address" })).toBeUndefined();
  });

  it("refuses methods the shop does not serve, and all but GET, HEAD and POST on pages", async () => {
    expect(await screen({ ...base, method: "TRACE" })).toMatchObject({ status: 405, reason: "method" });
    expect(await screen({ ...base, method: "PUT" })).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
  });

  it("refuses a Host no URL can hold", async () => {
    for (const host of ["localhost:99999", "a b", "[::1", "", "evil.example/path"]) expect(isValidHost(host), host).toBe(false);
    for (const host of ["localhost", "localhost:3100", "[::1]:3000", "shop.example", "SHOP.example:80"]) expect(isValidHost(host), host).toBe(true);
    expect(await screen({ ...base, hosts: ["localhost:99999"] })).toMatchObject({ status: 400, reason: "host" });
    expect(await screen({ ...base, hosts: [] })).toMatchObject({ status: 400, reason: "host" });
  });

  it("refuses a NUL character in the path, the query, a form field or a JSON string", async () => {
    expect(await screen({ ...base, target: "/market/product/a%00b" })).toMatchObject({ status: 400, reason: "nul" });
    expect(await screen({ ...base, target: "/en/search?q=a%00b" })).toMatchObject({ status: 400, reason: "nul" });
    expect(await screen({ ...base, method: "POST", contentType: form, body: Buffer.from("email=a%00b") })).toMatchObject({ reason: "nul" });
    const json = { ...base, method: "POST", target: "/api/auth/login", contentType: "application/json" };
    expect(await screen({ ...json, body: Buffer.from('{"email":"a\\u0000b"}') })).toMatchObject({ reason: "nul" });
    expect(await screen({ ...json, body: Buffer.from('{"list":[{"deep":"\\u0000"}]}') })).toMatchObject({ reason: "nul" });
  });

  it("refuses JSON nested past its depth, however deep, without walking it recursively", async () => {
    const json = { method: "POST", target: "/api/cart/add", hosts: ["localhost"], contentType: "application/json" };
    for (const levels of [65, 5_000, 12_000]) {
      expect(await screen({ ...json, body: Buffer.from(`${"[".repeat(levels)}${"]".repeat(levels)}`) }), `${levels} arrays`).toMatchObject({ status: 400, reason: "tooDeep" });
      expect(await screen({ ...json, body: Buffer.from(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`) }), `${levels} objects`).toMatchObject({ status: 400, reason: "tooDeep" });
    }
    expect(await screen({ ...json, body: Buffer.from(`${"[".repeat(64)}${"]".repeat(64)}`) })).toBeUndefined();
    expect(await screen({ ...json, body: Buffer.from(`${'{"a":'.repeat(40)}"\\u0000"${"}".repeat(40)}`) })).toMatchObject({ reason: "nul" });
  });

  it("refuses a path that is not valid percent-encoding", async () => {
    expect(await screen({ ...base, target: "/en/%E0%A4%A" })).toMatchObject({ status: 400, reason: "path" });
  });

  it("refuses bodies of a kind the page or call does not read", async () => {
    const post = { ...base, method: "POST" };
    expect(await screen({ ...post, contentType: "application/json", body: Buffer.from("{}") })).toMatchObject({ status: 415 });
    expect(await screen({ ...post, contentType: "text/plain", body: Buffer.from("x") })).toMatchObject({ status: 415 });
    expect(await screen({ ...post })).toMatchObject({ status: 415 });
    expect(await screen({ ...post, contentType: "multipart/form-data", body: Buffer.from("x") })).toMatchObject({ status: 400, reason: "malformedBody" });
    expect(await screen({ ...post, target: "/api/auth/login", contentType: form, body: Buffer.from("a=1") })).toMatchObject({ status: 415 });
    expect(await screen({ ...post, target: "/api/auth/login", contentType: "application/json", body: Buffer.from("{oops") })).toMatchObject({ status: 400, reason: "badJson" });
  });

  it("leaves the payment providers' webhooks their own formats", async () => {
    expect(await screen({ ...base, method: "POST", target: "/api/payments/webhooks/card", contentType: "text/plain", body: Buffer.from("x") })).toBeUndefined();
  });
});
