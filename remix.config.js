// The Remix options live here, in one place; vite.config.ts passes them to the
// Remix Vite plugin.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
