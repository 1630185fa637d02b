import type { RequestHandler } from "express";
import helmet from "helmet";
import { TAG_CONNECT_ORIGINS } from "../app/models/marketing/tags";

// A CSP with a fresh nonce per request: only scripts the server rendered (and
// the bundles they load from this origin) run.
export function securityHeaders({ isProduction, sentryDsn }: { isProduction: boolean; sentryDsn?: string }): RequestHandler {
  const sentryOrigin = sentryDsn ? new URL(sentryDsn).origin : undefined;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        // The third-party tags load only with the visitor's consent (decision 029); once they do, they may report.
        "connect-src": ["'self'", ...(sentryOrigin ? [sentryOrigin] : []), ...(isProduction ? [] : ["ws:"]), ...TAG_CONNECT_ORIGINS],
        "font-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        "img-src": ["'self'", "data:", "blob:", ...TAG_CONNECT_ORIGINS],
        // The live chat's window and the retargeting service's user matching.
        "frame-src": ["'self'", ...TAG_CONNECT_ORIGINS],
        "object-src": ["'none'"],
        "script-src": [
          "'strict-dynamic'",
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        "script-src-attr": ["'none'"],
        // Inline style attributes (progress bar width, image ratios) are
        // harmless compared with scripts and keep components simple.
        "style-src": ["'self'", "'unsafe-inline'"],
        "worker-src": ["'self'", "blob:"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "sameorigin" },
  });
}
