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

// What every page loads: the browser's entry, the root route and the small
// modules the root and the language layout share with many pages. The
// entry and the root are files of their own otherwise, each paying its gzip
// header, its import lines and the compression context it would share with
// React and Remix (0.9 KB of every page, decision 013).
const SHELL_MODULES = [
  "vite/preload-helper",
  "/node_modules/jotai/",
  "/node_modules/remix-utils/",
  "/app/state/",
  "/app/lib/api-client",
  "/app/lib/api.ts",
  "/app/lib/money",
  "/app/lib/texts",
  "/app/lib/browser-support",
  "/app/lib/hydration-holds",
  "/app/hooks/use-price",
  "/app/hooks/use-early-choice",
  "/app/hooks/use-data-layer",
  "/app/hooks/use-translation",
  "/app/models/sites/currency",
  "/app/web/meta",
  "/app/web/seo",
  "/app/web/nonce",
  "/app/platform/translation-keys",
  "/app/platform/error-reporting",
  "/app/components/DeferredErrorScreen",
  "/app/components/Deferred",
  "/app/components/error-screen-attribute",
  "/app/components/NotFoundPage",
  "/app/components/SubmitUntilHydrated",
  "/app/components/listing/Breadcrumbs",
  "/app/components/account/DeferredUnpaidOrdersAlert",
  "/app/components/account/unpaid-alert-attribute",
  "/app/web/not-found-data",
  "/app/entry.client",
  "/app/root.tsx",
  "/app/components/ProgressBar",
  "/app/components/marketing/MarketingTags",
  "/app/web/stylesheet.tsx",
  "/app/themes/index",
];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [tailwindcss(), remix(remixConfig)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // terser packs the JavaScript a few per cent smaller than esbuild: it is
  // what keeps every route inside the first-load budget (scripts/js-budget.ts).
  // pure_getters lets it drop property reads whose value is unused (0.6 KB
  // of the shop pages' 100): neither our code nor React's and Remix's reads
  // a property for a getter's side effect (decision 013).
  build: {
    target: "es2022",
    minify: "terser",
    terserOptions: { compress: { passes: 2, pure_getters: true }, format: { comments: false } },
    // The small modules every page's shell uses travel as one chunk: split
    // into a file each, their boilerplate and the gzip context each loses
    // cost more than they hold (decision 013).
    rollupOptions: {
      output: {
        manualChunks: (id) => (SHELL_MODULES.some((part) => id.includes(part)) ? "shell" : undefined),
        // The shell chunk holds the entry, so Rollup names it after the entry: it keeps its own name.
        entryFileNames: (chunk) => (chunk.name === "entry.client" ? "assets/shell-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
  server: { port: 3000 },
});
