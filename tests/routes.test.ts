import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES } from "./route-list";

// The route modules moved into folders named for their feature; the URLs
// may not move with them. tests/fixtures/urls.txt is the list of URL
// patterns the shop answered before (one a line, " (index)" after an index
// route): app/routes.ts must answer exactly those, each with a module that
// exists.

describe("the URLs of the shop", () => {
  it("are exactly the ones it has always answered", () => {
    const expected = readFileSync("tests/fixtures/urls.txt", "utf8").trim().split("\n");
    const actual = ROUTES.map((route) => `${route.pattern}${route.index ? " (index)" : ""}`).sort();
    expect(actual).toEqual(expected);
  });

  it("are each answered by a module in a feature's folder", () => {
    for (const route of ROUTES) {
      expect(existsSync(`app/${route.file}`), route.file).toBe(true);
      expect(route.file, route.file).toMatch(/^routes\/(layout\.tsx|(shop|checkout|payments|account|quotes|forwarding|tracking|invoices|claims|reservations|content|pro|admin|system|api|api\/[a-z-]+)\/[a-z0-9-]+\.tsx?)$/);
    }
  });
});
