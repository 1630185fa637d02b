import { createRequestHandler, data, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import express, { type ErrorRequestHandler, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from "express";
import { i18nServer, localeFromRequest } from "../app/platform/i18n.server";
import { DEFAULT_LOCALE, splitLocale } from "../app/lib/i18n";
import { DATABASE_RETRY_AFTER_SECONDS, knownFailure } from "../app/web/known-failures";
import { logger } from "../app/platform/logger.server";
import { SHARED_DRAWING_HEADER } from "../app/web/guest-cache.server";
import { countAs } from "./metrics";
import { BODY_LIMIT_BYTES, screen, UPLOAD_BODY_LIMIT_BYTES, type Refusal } from "./request-screen";
import { routeLabelOf } from "./route-label";
import { addressedHost, isCrossSiteWrite } from "./same-origin";
import { drawingKey, drawingsInFlight, sendDrawing, sharedDrawingOf } from "./shared-drawing";
import { writeBody } from "./write-body";

// The Express side of every page and API call: the body is read here, within
// BODY_LIMIT_BYTES, screened (request-screen.ts), and only then handed to
// Remix as a web Request. Remix's own Express adapter streams the body into
// the app instead, which leaves no place to look at it first; this file does
// what that adapter does, with the body already read.

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/** The hosts a request names: Host, and X-Forwarded-Host when the proxy is trusted. */
function hostsOf(req: ExpressRequest) {
  const host = req.get("host");
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  const trusted = forwarded && req.hostname === forwarded.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return [host, trusted ? forwarded : undefined].filter((h): h is string => h !== undefined);
}

/** The language of a refusal: the URL's prefix, else the browser's, without trusting the Host. */
function refusalLocale(req: ExpressRequest) {
  const prefix = splitLocale(req.path).locale;
  if (prefix) return prefix;
  try {
    return localeFromRequest(new Request(`http://localhost${req.originalUrl}`, { headers: headersOf(req) }));
  } catch {
    return DEFAULT_LOCALE;
  }
}

type Answer = Refusal | { status: 503; reason: "unavailable"; retryAfter: number; allow?: undefined };

async function refuse(req: ExpressRequest, res: ExpressResponse, refusal: Answer) {
  // A database away outside a route (databaseAway) keeps the route it was counted under.
  if (refusal.status !== 503) countAs(res, "(refused)");
  const t = await i18nServer.getFixedT(refusalLocale(req));
  // The API's own words for bad JSON, so callers see one message for it.
  const key = refusal.reason === "badJson" ? "api.badJson" : `request.${refusal.reason}`;
  const message = t(key, { limit: Math.round((isMultipart(req) ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES) / 1024) });
  if (refusal.allow) res.set("allow", refusal.allow);
  if ("retryAfter" in refusal) res.set("retry-after", String(refusal.retryAfter));
  res.status(refusal.status).set("cache-control", "no-store");
  // API callers read the one JSON failure shape; a person gets plain text.
  if (req.path.startsWith("/api/")) res.type("application/json").send(JSON.stringify({ status: false, message }));
  else res.type("text/plain; charset=utf-8").send(message);
}

const isMultipart = (req: ExpressRequest) => (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/**
 * Reads any body up to its limit; a longer one is answered 413 at once. A
 * form with a file (an answer's attachment, later a claim) may carry one
 * upload; every other body keeps the small limit. The second reader skips
 * a body the first has read.
 */
export const readBody: RequestHandler[] = [
  express.raw({ type: (req) => isMultipart(req as ExpressRequest), limit: UPLOAD_BODY_LIMIT_BYTES }),
  express.raw({ type: () => true, limit: BODY_LIMIT_BYTES }),
];

/** body-parser's own refusals (too large, bad encoding) in our words. */
export const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, req, res, next) => {
  if (error.type === "entity.too.large") refuse(req, res, { status: 413, reason: "tooLarge" }).catch(next);
  else if (typeof error.status === "number" && error.status >= 400 && error.status < 500) refuse(req, res, { status: error.status, reason: "malformedBody" }).catch(next);
  else next(error);
};

/**
 * The last net, for what fails outside a route (the shell's settings read
 * for the site, say): a database that is away is a 503 to try again, as it
 * is inside one; anything else goes on to Express's 500.
 */
export const databaseAway: ErrorRequestHandler = (error, req, res, next) => {
  const known = knownFailure(error);
  if (known?.status !== 503 || res.headersSent) return next(error);
  logger.warn({ err: error, url: req.originalUrl }, "The database is away: asked the caller to try again");
  refuse(req, res, { status: 503, reason: "unavailable", retryAfter: known.retryAfter }).catch(next);
};

/** A write another site's page made a browser send (same-origin.ts): 403, in the caller's language. */
export const crossSiteWrites: RequestHandler = (req, res, next) => {
  const origin = { method: req.method, path: req.path, secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin"), host: addressedHost(req) };
  if (isCrossSiteWrite(origin)) refuse(req, res, { status: 403, reason: "crossSite" }).catch(next);
  else next();
};

const bodyOf = (req: ExpressRequest) => (Buffer.isBuffer(req.body) ? req.body : undefined);

/** Refuses requests no page of ours sends (request-screen.ts). */
export const screenRequests: RequestHandler = (req, res, next) => {
  screen({ method: req.method, target: req.originalUrl, hosts: hostsOf(req), contentType: req.get("content-type"), body: bodyOf(req) })
    .then((refusal) => (refusal ? refuse(req, res, refusal) : next()))
    .catch(next);
};

function createRequest(req: ExpressRequest, res: ExpressResponse) {
  // The screen has checked the host; req.hostname follows "trust proxy".
  const port = (hostsOf(req).at(-1) ?? "").match(/:(\d+)$/)?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = bodyOf(req);
  return new Request(url, {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
    body: req.method === "GET" || req.method === "HEAD" || !body ? undefined : new Uint8Array(body),
  });
}

function headersOf(req: ExpressRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}

async function send(res: ExpressResponse, response: Response) {
  // A 304's headers replace the kept page's: a new nonce would no longer
  // match the one in that page's scripts (platform/guest-cache.server.ts).
  if (response.status === 304) res.removeHeader("content-security-policy");
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route that sets its own policy (a customer's file served to staff) replaces the site-wide one, not adds to it.
  for (const name of ["content-security-policy", "x-content-type-options"]) if (response.headers.has(name)) res.removeHeader(name);
  for (const [name, value] of response.headers) if (name !== SHARED_DRAWING_HEADER) res.append(name, value);
  // A page's 503 (the database away) says when to ask again, and is kept by
  // no cache: Remix hands a thrown answer's headers only to a route that
  // exports `headers`, so they are set here, for every page at once.
  if (response.status === 503) res.set({ "retry-after": response.headers.get("retry-after") ?? String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" });
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

type RouteFunction = (args: { request: Request }) => unknown;

/**
 * A value that a route's checks let through but no amount or column can hold
 * answers 400, and a database that is restarting or failing over answers 503
 * with Retry-After (platform/known-failures.ts), each with a translated
 * message instead of a 500: the net for every page's loader and action at once.
 */
function answeringKnownFailures(fn: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      const known = knownFailure(error);
      if (!known) throw error;
      if (known.status === 400) {
        logger.warn({ err: error, url: args.request.url }, "A value got past the input checks that no amount or column can hold");
        throw data({ messageKey: known.messageKey }, { status: 400 });
      }
      logger.warn({ err: error, url: args.request.url }, "The database is away: asked the shopper to try again");
      throw data({ messageKey: known.messageKey }, { status: 503, headers: { "retry-after": String(known.retryAfter), "cache-control": "no-store" } });
    }
  };
}

function guarded(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module as { loader?: RouteFunction; action?: RouteFunction };
      const module = { ...route.module, ...(loader && { loader: answeringKnownFailures(loader) }), ...(action && { action: answeringKnownFailures(action) }) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}

export function remixHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handle = createRequestHandler(typeof build === "function" ? async () => guarded(await build()) : guarded(build), mode);
  const drawings = drawingsInFlight();
  return async (req, res, next) => {
    try {
      const request = createRequest(req, res);
      countAs(res, routeLabelOf(typeof build === "function" ? await build() : build, new URL(request.url).pathname));
      const key = drawingKey(request);
      const answer = () => handle(request, getLoadContext(req, res));
      if (!key) return await send(res, await answer());
      // The same guest page being drawn for another request: its drawing,
      // unless it may not be shared (or failed), then a drawing of its own.
      const underWay = drawings.under(key);
      const shared = underWay && (await underWay);
      if (shared) return sendDrawing(res, shared, request);
      if (underWay) return await send(res, await answer());
      const { answer: response, drawing } = await drawings.lead(key, answer, (response) => sharedDrawingOf(response, res));
      if (drawing) sendDrawing(res, drawing, request);
      else await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
