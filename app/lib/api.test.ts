import { describe, expect, it } from "vitest";
import { isApiSuccess, readApiResponse } from "./api";

describe("the API success rule", () => {
  it("succeeds only without errors, without message and with status not false", () => {
    expect(isApiSuccess({ user: {} })).toBe(true);
    expect(isApiSuccess({ status: true })).toBe(true);
    expect(isApiSuccess({ status: "success" })).toBe(true);
    expect(isApiSuccess([])).toBe(true);
    expect(isApiSuccess({ status: false })).toBe(false);
    expect(isApiSuccess({ message: "Saved" })).toBe(false);
    expect(isApiSuccess({ errors: {} })).toBe(false);
    expect(isApiSuccess({ errors: undefined })).toBe(false);
    expect(isApiSuccess(null)).toBe(false);
  });

  it("reads a success, a failure and a body that is not JSON into one shape", async () => {
    expect(await readApiResponse(Response.json({ a: 1 }))).toEqual({ ok: true, data: { a: 1 }, httpStatus: 200 });
    expect(await readApiResponse(Response.json({ status: false, message: "Nope", errors: { email: ["Bad"] } }, { status: 400 }))).toEqual({
      ok: false,
      message: "Nope",
      errors: { email: ["Bad"] },
      httpStatus: 400,
    });
    // A 200 whose body breaks the rule is still a failure.
    expect((await readApiResponse(Response.json({ message: "Oops" }))).ok).toBe(false);
    const html = await readApiResponse(new Response("<html>", { status: 502, statusText: "Bad Gateway" }));
    expect(html).toEqual({ ok: false, message: "Bad Gateway", errors: {}, httpStatus: 502 });
  });
});
