import { defineConfig, devices } from "@playwright/test";
import { suiteBrowserPath } from "./tests/e2e/browser";
import { freePort } from "./tests/e2e/free-port";
import { OUTBOX_DIR } from "./tests/e2e/outbox";

// The suite's server takes a free port unless E2E_PORT names one. The runner
// reads this file first and its workers inherit its environment, so all of
// them agree on the one chosen here.
process.env.E2E_PORT ??= String(freePort());
const PORT = Number(process.env.E2E_PORT);

// The browser suite drives Debian's Chromium against the production build
// with demo data, on a throw-away database (tests/e2e/suite-server.ts).
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // Two at a time: the suite is bound by 2 cores shared with the server and
  // PostgreSQL, so a second browser saves only a tenth of its time; more
  // would starve timing-sensitive flows (the progress bar, the search bar's
  // debounce) and fail them for want of CPU, not of correctness.
  workers: 2,
  // In CI a failed walk runs once more: a rare timing failure on a busy
  // machine does not refuse a whole change, and `npm test` names each walk
  // that needed it (decision 015). Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs a fifth of the suite's time even when it is
    // thrown away: a failing spec is run again with `--trace on` to read one.
    trace: "off",
    // A failure that does not come back when run again is read from the picture of its page.
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: suiteBrowserPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      // Without JavaScript a page is the server's HTML and CSS alone: the
      // desktop window walks what works without scripts, and the phone
      // window, with them, walks the phone's layout. The two meet only where
      // a test is about the phone's layout without scripts ("on a phone").
      grepInvert: /JavaScript off(?!.*on a phone)/,
      // Only the walks of what the phone lays out its own way, tagged
      // @phone: the header and its menus, the filters' disclosure, the cart
      // and checkout steps, the dialogs, the search suggestions and the
      // warehouse's flows. Everything else (languages, hosts, APIs,
      // accounts, servers killed and restarted, the same pages' answers)
      // is the same in every window and is walked once, on the desktop
      // (decision 015).
      grep: /@phone/,
    },
  ],
  webServer: {
    command: "npx tsx tests/e2e/suite-server.ts",
    url: `http://localhost:${PORT}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Time to close and drop its database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      SEED_PRODUCTS: "600",
      LOG_LEVEL: "warn",
      OUTBOX_DIR,
      // Tests name their own client address (X-Forwarded-For), so that the
      // per-address sign-in limits of one test do not spill into another.
      TRUST_PROXY: "loopback",
      // Nothing routes by its readiness: it stops at once at the end of the run.
      SHUTDOWN_DRAIN_MS: "0",
    },
  },
});
