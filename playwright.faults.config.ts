import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run faults` (scripts/faults.ts): the fault scenarios of issue 33, each
// on production servers and databases of its own, one at a time so that a
// kill or a cut meets no other test's load. No suite server: none uses it.
export const FAULT_SPECS = ["database-faults", "server-kill", "payment-crash", "server-lifecycle", "deploys"];

export default defineConfig({
  ...base,
  testMatch: FAULT_SPECS.map((name) => `${name}.spec.ts`),
  projects: base.projects!.filter((project) => project.name === "desktop"),
  workers: 1,
  fullyParallel: false,
  reporter: [["list"], ["json", { outputFile: "reports/faults.json" }]],
  webServer: undefined,
});
