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

const SHELL_MODULES = ["/node_modules/jotai/", "/app/state/", "/app/lib/api-client", "/app/lib/api.ts", "/app/lib/money", "/app/hooks/use-price", "/app/models/sites/currency"];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [tailwindcss(), remix(remixConfig)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // terser packs the JavaScript a few per cent smaller than esbuild: it is
  // what keeps every route inside the first-load budget (scripts/js-budget.ts).
  build: {
    target: "es2022",
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // The small modules every page's shell uses travel as one chunk: split
    // into a file each, their boilerplate and the gzip context each loses
    // cost more than they hold (decision 013).
    rollupOptions: {
      output: {
        manualChunks: (id) => (SHELL_MODULES.some((part) => id.includes(part)) ? "shell" : undefined),
      },
    },
  },
  server: { port: 3000 },
});
