import { defineConfig } from "vitest/config";

const app = new URL("./app", import.meta.url).pathname;
const dataTests = ["tests/integration/**/*.test.ts"];

// Unit tests sit beside the code. The data tests run on the embedded database
// and, when TEST_DATABASE_URL names a PostgreSQL server, again on it.
export default defineConfig({
  resolve: { alias: { "~": app } },
  define: { __BUILD_ID__: JSON.stringify("test") },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // Vitest leaves a core to itself by default, which on a 2-core machine
    // means one test file at a time; it mostly waits, so both cores test.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "data:embedded",
          include: dataTests,
          env: { DATABASE_URL: "memory://", OUTBOX_DIR: "reports/outbox/embedded" },
          setupFiles: ["tests/integration/setup.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
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
