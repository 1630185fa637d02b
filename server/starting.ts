import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

// What the server does between listening and being ready, and the requests
// it turns away meanwhile. A first start on an empty embedded database
// migrates and seeds for several seconds; a 503 answered then is the server
// starting, not failing, so it is one plain line that says how far the start
// has come, never an error with a stack trace.

export type StartingProgress = {
  /** What the server is doing now, as the log and the 503 lines say it ("migrating 12 of 48: 0012-redirects"). */
  readonly now: string;
  /** How many requests were turned away since the start. */
  readonly refused: number;
  /** Logs the next step and remembers it for the lines of the requests turned away. */
  step(what: string, details?: Record<string, unknown>): void;
  /** Answers 503 with Retry-After until ready. */
  gate(isReady: () => boolean, onRefused?: (res: Parameters<RequestHandler>[1]) => void): RequestHandler;
};

export function startingProgress(logger: Logger): StartingProgress {
  let now = "starting";
  let refused = 0;
  return {
    get now() {
      return now;
    },
    get refused() {
      return refused;
    },
    step(what, details = {}) {
      now = what;
      logger.info({ ...details, starting: what }, `Starting: ${what}`);
    },
    gate: (isReady, onRefused) => (req, res, next) => {
      if (isReady()) return next();
      onRefused?.(res);
      refused += 1;
      logger.info({ method: req.method, url: req.originalUrl, starting: now }, `Still starting (${now}): answered 503 to ${req.method} ${req.originalUrl}`);
      res.status(503).set({ "retry-after": "5", "cache-control": "no-store" }).type("text/plain").send("Starting: the shop will answer in a moment.");
    },
  };
}

/**
 * One line per request answered. A request that arrives while the server is
 * starting is left to the gate's own line: pino-http would log its 503 with
 * an error and a stack trace made up for any status of 500 or more.
 */
export function requestLog(logger: Logger, isStarting: () => boolean) {
  return pinoHttp({
    logger,
    // A 503 with Retry-After is the database away (remix-handler.ts) or a shutdown, not a failure.
    customLogLevel: (_req, res, err) =>
      res.statusCode === 503 && res.getHeader("retry-after") ? "info" : err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    autoLogging: { ignore: (req) => isStarting() || (req.url?.startsWith("/assets/") ?? false) },
    serializers: {
      req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
