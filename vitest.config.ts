import { defineConfig } from "vitest/config";

const app = new URL("./app", import.meta.url).pathname;
const dataTests = ["tests/integration/**/*.test.ts"];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// What the embedded database does differently from the server, or what the
// quick start leans on it for: its own driver, schema and migrations, the
// demo seed, search with its extensions, the live catalogue, the cards and
// product pages it keeps until a write (decision 057), a purchase
// paid by card and by balance, accounts and sessions, backups, and the
// queries whose answers are read as it returns them (metrics).
const embeddedTests = [
  "database",
  "database-errors",
  "schema",
  "seed",
  "search",
  "search-edits",
  "catalogue-changes",
  "product-cards",
  "cart",
  "checkout",
  "balance",
  "accounts",
  "sessions",
  "backups",
  "metrics",
  "home",
].map((name) => `tests/integration/${name}.test.ts`);

// Unit tests sit beside the code. The data tests run on PostgreSQL, as
// production does, when TEST_DATABASE_URL names a server; the embedded
// database then runs the files above, and all of them when there is no server
// (decision 015).
export default defineConfig({
  resolve: { alias: { "~": app } },
  define: { __BUILD_ID__: JSON.stringify("test") },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // Vitest leaves a core to itself by default, which on a 2-core machine
    // means one test file at a time. A data test mostly waits on its
    // database, so three files at a time keep 2 cores busy: 3.5 minutes
    // rather than 4.5 with two.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "data:embedded",
          include: onPostgres ? embeddedTests : dataTests,
          env: { DATABASE_URL: "memory://", OUTBOX_DIR: "reports/outbox/embedded" },
          setupFiles: ["tests/integration/setup.ts"],
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: "data:postgres",
                include: dataTests,
                env: { DATABASE_URL: process.env.TEST_DATABASE_URL, OUTBOX_DIR: "reports/outbox/postgres" },
                globalSetup: ["tests/integration/global-setup.ts"],
                setupFiles: ["tests/integration/setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
