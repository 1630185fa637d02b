import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { isInvalidValueError } from "~/models/db/errors";

describe("isInvalidValueError", () => {
  it("knows the database's refusals of a value", async () => {
    const tooBig = await sql`select ${"40000"}::smallint`.execute(db()).catch((error: unknown) => error);
    const notANumber = await sql`select ${"12a"}::int`.execute(db()).catch((error: unknown) => error);
    const nul = await sql`select ${"a\0b"}::text`.execute(db()).catch((error: unknown) => error);
    expect(isInvalidValueError(tooBig)).toBe(true);
    expect(isInvalidValueError(notANumber)).toBe(true);
    expect(isInvalidValueError(nul)).toBe(true);
  });

  it("leaves every other failure alone", async () => {
    const missingTable = await sql`select * from no_such_table`.execute(db()).catch((error: unknown) => error);
    expect(isInvalidValueError(missingTable)).toBe(false);
    expect(isInvalidValueError(new Error("boom"))).toBe(false);
    expect(isInvalidValueError(null)).toBe(false);
  });
});
