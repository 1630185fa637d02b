import { describe, expect, it } from "vitest";
import { filesToRunAgain, readFileOutcomes, type FileOutcome } from "./file-outcomes-reporter";

const line = (outcome: FileOutcome) => JSON.stringify(outcome) + "\n";
const home = { project: "data:embedded", file: "/shop/tests/integration/home.test.ts" };
const homeOnPostgres = { project: "data:postgres", file: "/shop/tests/integration/home.test.ts" };
const cart = { project: "data:postgres", file: "/shop/tests/integration/cart.test.ts" };
const money = { project: "unit", file: "/shop/app/models/money.test.ts" };

describe("the files a cut test run leaves to run again", () => {
  it("are those with no outcome, told apart by project", () => {
    const outcomes = readFileOutcomes(line({ ...home, passed: 4, failed: 0, skipped: 0 }) + line({ ...money, passed: 9, failed: 0, skipped: 1 }));
    expect(filesToRunAgain([home, homeOnPostgres, cart, money], outcomes)).toEqual({ failed: false, files: [homeOnPostgres, cart] });
  });

  it("are none when a file that ended had a failing test: a failure is never run again", () => {
    const outcomes = readFileOutcomes(line({ ...home, passed: 4, failed: 0, skipped: 0 }) + line({ ...money, passed: 8, failed: 1, skipped: 0 }));
    expect(filesToRunAgain([home, cart, money], outcomes)).toEqual({ failed: true });
  });

  it("count a file's last run: a file run again after it hung counts once", () => {
    const outcomes = readFileOutcomes(line({ ...cart, passed: 2, failed: 0, skipped: 0 }) + line({ ...cart, passed: 5, failed: 0, skipped: 0 }));
    expect(outcomes).toEqual([{ ...cart, passed: 5, failed: 0, skipped: 0 }]);
  });
});
