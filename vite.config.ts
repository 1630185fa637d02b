import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// One id per build: the client compares it with /builds/latest.json to notice
// a new deploy.
const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, "");

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [tailwindcss(), remix(remixConfig)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // terser packs the JavaScript a few per cent smaller than esbuild: it is
  // what keeps every route inside the first-load budget (scripts/js-budget.ts).
  build: { target: "es2022", minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
  server: { port: 3000 },
});
