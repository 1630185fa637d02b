import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/browser";
import { OUTBOX_DIR } from "./tests/e2e/outbox";

const PORT = Number(process.env.E2E_PORT ?? 3100);

// The browser suite drives Debian's Chromium against the production build on
// a throw-away embedded database with demo data.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // One browser at a time in CI: two browsers and the server on 2 cores
  // starve each other, and timing-sensitive flows (the progress bar, the
  // search bar's debounce) then fail for want of CPU, not of correctness.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined } },
  ],
  webServer: {
    command: "node build/server.js",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: "memory://",
      SEED_PRODUCTS: "600",
      LOG_LEVEL: "warn",
      OUTBOX_DIR,
      // Tests name their own client address (X-Forwarded-For), so that the
      // per-address sign-in limits of one test do not spill into another.
      TRUST_PROXY: "loopback",
    },
  },
});
