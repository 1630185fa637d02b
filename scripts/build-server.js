// Bundles the Express server (server/index.ts and the app modules it uses)
// into build/server.js, and the catalogue index's worker into
// build/catalogue-worker.js; packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "server/index.ts", "catalogue-worker": "server/catalogue-worker.ts", admin: "scripts/admin.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
