import type { ClientEnv } from "./lib/env.server";

declare global {
  /** Set by vite.config.ts at build time. */
  const __BUILD_ID__: string;
  interface Window {
    ENV?: ClientEnv;
  }
}
