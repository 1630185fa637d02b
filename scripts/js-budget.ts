// Sums the gzipped JavaScript each route loads on a first visit (the entry,
// the Remix manifest, and the modules of the route and its parents) from the
// production build's manifest, and fails when any route is over budget.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_KB = 120;
const CLIENT = "build/client";

type Entry = { module: string; imports?: string[] };
type Manifest = { entry: Entry; routes: Record<string, Entry & { id: string; parentId?: string }> };

const manifestFile = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error("No build manifest: run `npm run build` first");
const manifestSource = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;

const sizes = new Map<string, number>();
function gzippedKB(path: string) {
  if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(CLIENT, path))).length / 1024);
  return sizes.get(path)!;
}

const rows = Object.values(manifest.routes).map((route) => {
  const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let current: typeof route | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
    files.add(current.module);
    for (const file of current.imports ?? []) files.add(file);
  }
  const kb = [...files].reduce((total, file) => total + gzippedKB(file), 0);
  return { route: route.id, kb };
});

rows.sort((a, b) => b.kb - a.kb);
for (const { route, kb } of rows) console.log(`${kb.toFixed(1).padStart(7)} KB  ${route}`);
const over = rows.filter((row) => row.kb > BUDGET_KB);
if (over.length) {
  console.error(`✖ Over the ${BUDGET_KB} KB first-load JavaScript budget: ${over.map((row) => row.route).join(", ")}`);
  process.exit(1);
}
console.log(`✓ Every route within ${BUDGET_KB} KB of gzipped first-load JavaScript (largest ${rows[0]?.kb.toFixed(1)} KB).`);
