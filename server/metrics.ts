import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { metrics } from "../app/platform/metrics.server";
import { metricsText } from "../app/web/metrics.server";

// GET /metrics for an operator's Prometheus (docs/operations.md, "Metrics"),
// and the counting of every request it reports. The figures tell how busy
// the shop is and which routes fail, so only a scraper the configuration
// names may read them; anyone else is told there is no such page.

/** Methods counted by name; anything else (the screen refuses it) is counted as OTHER, so the label stays small. */
const COUNTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Names what answered a request, for its count: a Remix route's id, or (static), (refused), (starting), (metrics). */
export function countAs(res: ExpressResponse, route: string) {
  res.locals.metricsRoute = route;
}

/**
 * Counts each answer and times it from arrival to its last byte, under the
 * route countAs named ((other) when nothing did). An answer cut off before
 * it finished has no status to count.
 */
export const countRequests: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once("finish", () => {
    const m = metrics();
    const route = typeof res.locals.metricsRoute === "string" ? res.locals.metricsRoute : "(other)";
    const method = COUNTED_METHODS.has(req.method) ? req.method : "OTHER";
    m.requests.inc({ method, route, status: String(res.statusCode) });
    m.duration.observe({ method, route }, (performance.now() - started) / 1000);
    if (res.statusCode >= 500) m.serverErrors.inc({ route });
  });
  next();
};

export type MetricsAccess = {
  /** A scraper sending "Authorization: Bearer <token>" may read. */
  token?: string;
  /** Addresses and subnets ("10.0.0.0/8") whose scrapers may read without a token. */
  allow: string[];
};

function blockListOf(entries: string[]) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether a request's scraper may read. By address: Express's req.ip, which
 * follows TRUST_PROXY; a request that names a client Express did not read
 * (X-Forwarded-For from a proxy it does not trust) came through a proxy
 * for someone else, and the proxy's own address, often 127.0.0.1, does not
 * make it local. By token: compared in constant time.
 */
export function mayScrape(req: Pick<ExpressRequest, "ip" | "get" | "socket">, access: { tokenDigest?: Buffer; allowed: BlockList }) {
  const bearer = req.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (access.tokenDigest && bearer && timingSafeEqual(digest(bearer), access.tokenDigest)) return true;
  const ip = req.ip;
  if (!ip || !isIP(ip)) return false;
  const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => req.get(name) !== undefined);
  if (forwarded && ip === req.socket.remoteAddress) return false;
  return access.allowed.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

/** Answers GET /metrics to the scrapers `access` names, and 404 to anyone else; every other path goes on. */
export function metricsEndpoint(access: MetricsAccess): RequestHandler {
  const rules = { tokenDigest: access.token ? digest(access.token) : undefined, allowed: blockListOf(access.allow) };
  return (req, res, next) => {
    if (req.path !== "/metrics") return next();
    countAs(res, "(metrics)");
    res.set("cache-control", "no-store");
    if (!mayScrape(req, rules)) {
      res.status(404).type("text/plain; charset=utf-8").send("Not found");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("allow", "GET, HEAD").type("text/plain; charset=utf-8").send("GET only");
      return;
    }
    metricsText()
      .then(({ contentType, body }) => {
        // Written as it is: Express's send() would rewrite the type's parameters.
        res.status(200).setHeader("content-type", contentType);
        res.end(req.method === "HEAD" ? undefined : body);
      })
      .catch(next);
  };
}
