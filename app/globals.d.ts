import type { ClientEnv } from "./platform/env.server";

declare global {
  /** Set by vite.config.ts at build time. */
  const __BUILD_ID__: string;
  interface Window {
    ENV?: ClientEnv;
  }
}

declare module "@remix-run/server-runtime" {
  /** What the Express server hands every loader and action (server/index.ts). */
  interface AppLoadContext {
    cspNonce?: string;
    /** The client's address, from X-Forwarded-For only through a trusted proxy (TRUST_PROXY). */
    clientIp?: string;
    /** A request for a whole page, not a client navigation's data (`….data`). */
    documentRequest?: boolean;
  }
}
