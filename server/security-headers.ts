import type { RequestHandler } from "express";
import helmet from "helmet";

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
        "connect-src": ["'self'", ...(sentryOrigin ? [sentryOrigin] : []), ...(isProduction ? [] : ["ws:"])],
        "font-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
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
