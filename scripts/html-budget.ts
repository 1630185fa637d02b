// The HTML budget step of `npm test`, after the build: starts the production
// build on the embedded database with the demo shop (3,000 products, as
// `npm start` seeds it and docs/performance.md measures it), asks for a
// guest's home page, listings, a search and a product page as a browser
// does, and fails when one is over its budget (scripts/html-budgets.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freePort } from "../tests/e2e/free-port";
import { HTML_BUDGETS } from "./html-budgets";
import { SERVER_COMMAND } from "./server-command";
import { BROWSER_USER_AGENT } from "../tests/e2e/browser";

const KB = 1024;
const PORT = freePort();
const BASE = `http://127.0.0.1:${PORT}`;
// A browser's user agent: a robot's page is drawn apart (decision 044) and has its own walk in the browser suite.

const [node, ...args] = SERVER_COMMAND;
const server = spawn(node, args, {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATABASE_URL: "memory://", SEED_PRODUCTS: "3000", SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function ready() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${BASE}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not start: run `npm run build` first");
}

async function page(path: string) {
  const answer = await fetch(`${BASE}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  return answer.text();
}

/** What the page weighs as sent: bytes, not characters (ą, €, – are two or three each). */
const bytes = (html: string) => Buffer.byteLength(html);

try {
  await ready();
  const listing = await page("/lt/c/clothes");
  const product = /href="(\/lt\/p\/[^"?]+)"/.exec(listing)?.[1];
  // A search for the first card's brand: a page of results, as a listing is.
  const brand = /<article class="card"><figure>.*?<\/figure><div><p>([^<]+)</.exec(listing)?.[1];
  if (!product || !brand) throw new Error("The category page shows no product card with a brand");
  const search = `/lt/search?${new URLSearchParams({ q: brand.replace(/&amp;/g, "&") })}`;
  const rows: [string, keyof typeof HTML_BUDGETS, number][] = [
    ["/lt", "home", bytes(await page("/lt"))],
    ["/lt/c/clothes", "listing", bytes(listing)],
    ["/lt/marketplace", "listing", bytes(await page("/lt/marketplace"))],
    ["/lt/dealzone", "listing", bytes(await page("/lt/dealzone"))],
    [search, "listing", bytes(await page(search))],
    [product, "product", bytes(await page(product))],
  ];
  for (const [path, kind, size] of rows) {
    console.log(`${(size / KB).toFixed(1).padStart(7)} KB of ${HTML_BUDGETS[kind]}  ${path}`);
  }
  const over = rows.filter(([, kind, size]) => size > HTML_BUDGETS[kind] * KB);
  if (over.length) {
    console.error(`✖ Over the HTML budget: ${over.map(([path]) => path).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`✓ Every page within its HTML budget: home ${HTML_BUDGETS.home} KB, listings ${HTML_BUDGETS.listing} KB, product ${HTML_BUDGETS.product} KB.`);
  }
} finally {
  server.kill();
}
