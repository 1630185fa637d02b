import { describe, expect, it } from "vitest";
import { UsageError } from "./admin-options";
import { parseClaimsArgs } from "./admin-claims";

// Reading `npm run admin -- claim …` command lines: bad input is a UsageError (exit code 2) before the database is touched.

describe("admin claim commands", () => {
  it("reads a status change by the claim's number", () => {
    expect(parseClaimsArgs("status", ["--claim", "CL3", "--to", "in_review"])).toEqual({ command: "claim", action: "status", claimId: 3, status: "in_review" });
    expect(parseClaimsArgs("status", ["--claim=cl12", "--to=approved"])).toMatchObject({ claimId: 12, status: "approved" });
  });

  it("refuses an unknown action, a bad number and a status a claim cannot be moved to", () => {
    expect(() => parseClaimsArgs("delete", ["--claim", "CL3"])).toThrow(UsageError);
    expect(() => parseClaimsArgs("status", ["--claim", "MP3", "--to", "approved"])).toThrow(UsageError);
    expect(() => parseClaimsArgs("status", ["--claim", "CL3", "--to", "received"])).toThrow(UsageError);
    expect(() => parseClaimsArgs("status", ["--claim", "CL3"])).toThrow(UsageError);
    expect(() => parseClaimsArgs("status", ["--to", "approved"])).toThrow(UsageError);
  });
});
