import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AddressIdSchema, AddressSchema, LoginSchema, PHONE_PATTERN, RegisterSchema } from "./schemas";

describe("the phone rule of spec 5", () => {
  it("takes '+' and 7 to 15 digits with single spaces between digits", () => {
    for (const phone of ["+3706123456", "+370 612 34567", "+1 2 3 4 5 6 7", "+123456789012345"]) expect(PHONE_PATTERN.test(phone), phone).toBe(true);
  });
  it("refuses a missing '+', too few or too many digits, double, leading or trailing spaces and other characters", () => {
    for (const phone of ["37061234567", "+123456", "+1234567890123456", "+370  612", "+ 370612345", "+370612345 ", "+370-612-34567", "+370 (612) 34567"]) {
      expect(PHONE_PATTERN.test(phone), phone).toBe(false);
    }
  });
});

const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]));
};

describe("account forms", () => {
  it("give the spec's required and email messages as translation keys", () => {
    expect(issues(LoginSchema, {})).toEqual({ email: "validation.required", password: "validation.required" });
    expect(issues(LoginSchema, { email: "not-an-email", password: "x" })).toEqual({ email: "validation.email" });
  });

  it("ask for a new password of at least 8 characters and keep the email in lower case", () => {
    const base = { email: "Ruta@Example.com", first_name: "Rūta", last_name: "P" };
    expect(issues(RegisterSchema, { ...base, password: "short" })).toEqual({ password: "auth.passwordTooShort" });
    const ok = v.parse(RegisterSchema, { ...base, password: "long enough", newsletter: "on" });
    expect(ok).toMatchObject({ email: "ruta@example.com", newsletter: true });
    expect(v.parse(RegisterSchema, { ...base, password: "long enough" }).newsletter).toBe(false);
  });

  it("require every address field and a phone in the spec's form", () => {
    const address = { first_name: "A", last_name: "B", first_address: "Street 1", city: "Vilnius", zip: "01103", phone_number: "+370 612 34567", country_id: "1" };
    expect(v.parse(AddressSchema, address).country_id).toBe(1);
    expect(issues(AddressSchema, { ...address, phone_number: "612 34567" })).toEqual({ phone_number: "validation.phone" });
    expect(Object.keys(issues(AddressSchema, {})).sort()).toEqual(["city", "country_id", "first_address", "first_name", "last_name", "phone_number", "zip"]);
  });

  it("refuse a country id or address id beyond what the database stores, with a message instead of a database error", () => {
    const address = { first_name: "A", last_name: "B", first_address: "Street 1", city: "Vilnius", zip: "01103", phone_number: "+370 612 34567", country_id: 999_999 };
    expect(issues(AddressSchema, address)).toEqual({ country_id: "account.unknownCountry" });
    expect(issues(AddressIdSchema, { id: "1e30" })).toEqual({ id: "validation.required" });
    expect(v.parse(AddressIdSchema, { id: "12" })).toEqual({ id: 12 });
  });
});
