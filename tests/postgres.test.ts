import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseName, testDatabaseNames } from "./postgres";

describe("the data tests' database names", () => {
  const saved = process.env.TEST_RUN_ID;
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_RUN_ID;
    else process.env.TEST_RUN_ID = saved;
  });

  it("carry their run's mark, so a run drops its own leftovers and never another run's", () => {
    process.env.TEST_RUN_ID = "a1b2c3d4";
    const names = [testDatabaseName("template"), testDatabaseName("test")];
    for (const name of names) {
      expect(name).toMatch(new RegExp(testDatabaseNames("a1b2c3d4")));
      expect(name).not.toMatch(new RegExp(testDatabaseNames("ffff0000")));
    }
    expect(names[0]).not.toBe(testDatabaseName("template"));
  });
});
