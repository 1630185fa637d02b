// Sums the gzipped JavaScript each route loads on a first visit (the entry
// and the modules of the route and its parents, each as the server sends it
// gzipped: the build's own gzip copy, decision 056) from the production build's
// manifest, and fails when any route is over its budget
// (docs/decisions/013-javascript-budgets.md). With lazy route discovery the
// page carries only its own routes' manifest inline; the full manifest file
// is never loaded, so it is not counted.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Pages a first-time visitor lands on from search or an ad: the shop itself.
 * 100 KB until the texts' plural forms (Intl.PluralRules, issue 34) and the
 * pieces pages now share put 0.1–0.7 KB more on the listings and the product
 * page; 101 KB until the build packed its own gzip copies (decision 056),
 * which took 3 KB off every page; 98 KB until the entry and the root route
 * joined the shell chunk, which took 0.9 KB off every page: 97.5 KB now, on
 * the way to issue 31's 92.
 */
export const BUDGET_KB = 97.5;
/**
 * Sign-in, the account, the iPhone reservation form and the pro seller's
 * application and listing forms (decision 030): visited to fill in a form,
 * by people who already know the shop or came for that form, and they
 * carry the form library (conform and valibot) that checks fields as they
 * are typed.
 */
export const ACCOUNT_BUDGET_KB = 111.5;
const ACCOUNT_ROUTES =
  /^routes\/(account\/(login|register|password-reset|password-reset-token|account-information|delivery-addresses|user-account|my-orders|my-order|balance-history|balance-entry)|reservations\/(reserve|confirm)|pro\/apply)$/;
/**
 * The shop's other forms that check each field as it is typed with the same
 * library (issue 30: one form style): checkout's shipping and payment steps,
 * the quote request, the parcel declaration, the calculator, the balance
 * top-up, the claim forms, the answer to an operator's question and a
 * seller's listing form (texts in four languages, photos, and
 * now the review's answer); and the back office, whose staff fill forms all day and never land
 * on it from a search. The library and the shared fields cost about 15 KB
 * over a shop page (decision 013).
 */
export const FORM_BUDGET_KB = 113.5;
const FORM_ROUTES =
  /^routes\/(checkout\/step|payments\/pay|quotes\/(request|request-summary|info-needed)|forwarding\/(declare-parcel|calculator)|account\/balance-top-up|claims\/(claim-form|claim-form-pro)|pro\/edit-listing|admin\/[a-z-]+)$/;
const budgetFor = (routeId: string) => (ACCOUNT_ROUTES.test(routeId) ? ACCOUNT_BUDGET_KB : FORM_ROUTES.test(routeId) ? FORM_BUDGET_KB : BUDGET_KB);
const CLIENT = "build/client";

type Entry = { module: string; imports?: string[] };
type Manifest = { entry: Entry; routes: Record<string, Entry & { id: string; parentId?: string }> };

const manifestFile = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error("No build manifest: run `npm run build` first");
const manifestSource = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;

/**
 * What the server sends for a file, gzipped: the build's gzip copy
 * (scripts/precompress.js), or the file itself where it has none (a file so
 * small that gzip would not make it smaller).
 */
const sizes = new Map<string, number>();
function gzippedKB(path: string) {
  if (!sizes.has(path)) {
    const file = join(CLIENT, path);
    sizes.set(path, statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size / 1024);
  }
  return sizes.get(path)!;
}

const rows = Object.values(manifest.routes).map((route) => {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let current: typeof route | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
    files.add(current.module);
    for (const file of current.imports ?? []) files.add(file);
  }
  const kb = [...files].reduce((total, file) => total + gzippedKB(file), 0);
  return { route: route.id, kb };
});

rows.sort((a, b) => b.kb - a.kb);
for (const { route, kb } of rows) console.log(`${kb.toFixed(1).padStart(7)} KB of ${budgetFor(route)}  ${route}`);
const over = rows.filter((row) => row.kb > budgetFor(row.route));
if (over.length) {
  console.error(`✖ Over the first-load JavaScript budget: ${over.map((row) => row.route).join(", ")}`);
  process.exit(1);
}
const largest = (budget: number) => rows.find((row) => budgetFor(row.route) === budget)?.kb.toFixed(1);
console.log(
  `✓ Every route within budget: shop pages ${BUDGET_KB} KB (largest ${largest(BUDGET_KB)} KB), account pages ${ACCOUNT_BUDGET_KB} KB (largest ${largest(ACCOUNT_BUDGET_KB)} KB), form pages and the back office ${FORM_BUDGET_KB} KB (largest ${largest(FORM_BUDGET_KB)} KB).`,
);
