import { describe, expect, it } from "vitest";
import { toDecimalString } from "~/lib/money";
import { isBadInput, knownFailure } from "./known-failures";

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe("isBadInput", () => {
  it("knows an amount no money can hold and a value the database refuses", () => {
    let thrown: unknown;
    try {
      toDecimalString(1e22);
    } catch (error) {
      thrown = error;
    }
    expect(isBadInput(thrown)).toBe(true);
    expect(isBadInput(pgError("value too long", "22001"))).toBe(true);
  });

  it("leaves faults of the server alone", () => {
    expect(isBadInput(new RangeError("Invalid array length"))).toBe(false);
    expect(isBadInput(pgError("connection refused", "08006"))).toBe(false);
    expect(isBadInput(new TypeError("x is undefined"))).toBe(false);
  });
});

describe("knownFailure", () => {
  it("answers a database that is away 503 with Retry-After, however node-postgres says it", () => {
    const away = [
      pgError("terminating connection due to administrator command", "57P01"),
      pgError("the database system is starting up", "57P03"),
      pgError("the database system is shutting down", "57P03"),
      pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      pgError("read ECONNRESET", "ECONNRESET"),
      pgError("Connection terminated unexpectedly"),
      pgError("Client has encountered a connection error and is not queryable"),
      pgError("timeout exceeded when trying to connect"),
      Object.assign(new AggregateError([pgError("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""), {}),
      new Error("query failed", { cause: pgError("Connection terminated unexpectedly") }),
    ];
    for (const error of away) expect(knownFailure(error), error.message).toEqual({ status: 503, messageKey: "request.unavailable", retryAfter: 5 });
  });

  it("answers a value the database refuses 400", () => {
    expect(knownFailure(pgError("invalid input syntax for type integer", "22P02"))).toEqual({ status: 400, messageKey: "request.invalidValue" });
  });

  it("leaves a statement that is wrong, a broken rule and a fault of the code as faults", () => {
    expect(knownFailure(pgError('relation "nope" does not exist', "42P01"))).toBeNull();
    expect(knownFailure(pgError("duplicate key value violates unique constraint", "23505"))).toBeNull();
    expect(knownFailure(pgError("could not serialize access", "40001"))).toBeNull();
    expect(knownFailure(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(knownFailure(null)).toBeNull();
  });
});
