import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import * as v from "valibot";
import { FAULT_POINTS } from "./fault-points";

/** The secret development and tests use; never accepted in production. */
export const DEMO_SESSION_SECRET = "storefront-demo-session-secret";

// Every setting the shop reads from the environment, with its default. Read
// once, on first use, so tests can set variables before anything asks.
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(["development", "production", "test"]), "development"),
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "3000"),
  HOST: v.optional(v.string(), "0.0.0.0"),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (url) => url === "memory://" || /^postgres(ql)?:\/\//.test(url) || url.startsWith("file://"),
        "DATABASE_URL must be memory://, file://<dir> or postgres://…",
      ),
    ),
    "file://./data/pglite",
  ),
  // The embedded database's shared buffers (decision 048): most of a quiet embedded server's memory.
  PGLITE_SHARED_BUFFERS: v.optional(v.pipe(v.string(), v.regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must be a size such as 32MB")), "32MB"),
  DB_POOL_MAX: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "10"),
  SEED_ON_START: v.optional(v.picklist(["auto", "always", "never"]), "auto"),
  SEED_PRODUCTS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "3000"),
  // Third-party tag ids for the demo's default site, applied when the demo
  // data is seeded (models/marketing/demo-tags.server.ts). Unset: none.
  DEMO_TAG_IDS: v.optional(v.string()),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  DEBUG_ERRORS: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "false"),
  // Signs the session cookie and keys the forms' honeypot. Unset, see
  // sessionSecret() below: never the demo value in production.
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "SESSION_SECRET must have 16 characters or more"))),
  // Secure cookies need HTTPS; turn off only to try a production build over
  // plain HTTP on localhost.
  SECURE_COOKIES: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "true"),
  // Outgoing email: an SMTP server as smtp://user:pass@host:587 or smtps://…
  // Unset, every message is written to OUTBOX_DIR instead.
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://"))),
  MAIL_FROM: v.optional(v.string(), "Shipwise <no-reply@shipwise.localhost>"),
  OUTBOX_DIR: v.optional(v.string(), "./data/outbox"),
  // Files customers and operators upload (parcel photos, answers with a file); several app servers need a shared folder.
  UPLOADS_DIR: v.optional(v.string(), "./data/uploads"),
  // An S3-compatible bucket for the uploads instead of UPLOADS_DIR (decision 032).
  UPLOADS_S3_BUCKET: v.optional(v.pipe(v.string(), v.minLength(1))),
  UPLOADS_S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  UPLOADS_S3_REGION: v.optional(v.string(), "us-east-1"),
  UPLOADS_S3_ACCESS_KEY_ID: v.optional(v.string()),
  UPLOADS_S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  SENTRY_DSN: v.optional(v.string()),
  SENTRY_ENVIRONMENT: v.optional(v.string(), "production"),
  // Which proxies may name the host (X-Forwarded-Host) and the client: Express's
  // "trust proxy" values: false, true, a hop count, or addresses/subnets such
  // as "loopback" or "10.0.0.0/8, 127.0.0.1".
  TRUST_PROXY: v.optional(v.string(), "false"),
  // On SIGTERM: how long readiness answers 503 while requests are still served, so load balancers stop sending any
  // (unset: 5000 in production, 0 otherwise); then how long requests in flight may take before the process exits anyway.
  SHUTDOWN_DRAIN_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0))),
  SHUTDOWN_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "10000"),
  // Remote hosts the image proxy may fetch from (https only), comma-separated;
  // "*.example.com" also allows its subdomains. Empty: local images only.
  IMAGE_ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.check(
        (hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host)),
        "IMAGE_ALLOWED_HOSTS must be host names such as cdn.example.com or *.example.com, separated by commas",
      ),
    ),
    "",
  ),
  // Payment processors (docs/payments.md). A method whose processor has no
  // keys here is taken by the sandbox, so the shop sells with no account
  // anywhere. The *_API_BASE settings point an SDK at another host (tests).
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  STRIPE_API_BASE: v.optional(v.pipe(v.string(), v.url())),
  PAYPAL_CLIENT_ID: v.optional(v.string()),
  PAYPAL_CLIENT_SECRET: v.optional(v.string()),
  PAYPAL_WEBHOOK_ID: v.optional(v.string()),
  PAYPAL_LIVE: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "false"),
  PAYPAL_API_BASE: v.optional(v.pipe(v.string(), v.url())),
  MONTONIO_ACCESS_KEY: v.optional(v.string()),
  MONTONIO_SECRET_KEY: v.optional(v.string()),
  MONTONIO_LIVE: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "false"),
  MONTONIO_API_BASE: v.optional(v.pipe(v.string(), v.url())),
  // Signs the sandbox processor's webhooks; unset, derived from SESSION_SECRET.
  SANDBOX_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "SANDBOX_WEBHOOK_SECRET must have 16 characters or more"))),
  // The shop's public address, for the processors' return and webhook URLs
  // when it differs from the address a request came in on (behind a proxy).
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  // Each site's public address, "code=https://address" separated by commas,
  // written to the sites' rows at start-up (models/sites/site-urls.server.ts):
  // canonical and hreflang links, robots.txt and emails name it. Unset: the
  // rows as they are (PUBLIC_URL, when set, is the default site's).
  SITE_URLS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (list) => list.split(",").every((part) => !part.trim() || /^\s*[a-z0-9-]{1,20}=https?:\/\/[^/\s,]+\/?\s*$/.test(part)),
        "SITE_URLS must be site codes and their addresses, such as default=https://shop.example.com,lt=https://lt.example.com",
      ),
    ),
    "",
  ),
  // Reconciliation: a payment pending this long is asked of its processor
  // again, and one pending this long is given up (its balance part returned).
  PAYMENT_RECHECK_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "120"),
  PAYMENT_ABANDON_MINUTES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "60"),
  // How often the reconciliation round runs in each server (one at a time across servers); 0 turns it off.
  PAYMENT_RECONCILE_INTERVAL_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "60"),
  // Fault tests only (app/platform/fault-points.server.ts): named points, comma-separated, where a request waits
  // FAULT_PAUSE_MS so that the test can kill the server there. Never set in a real deployment.
  FAULT_PAUSE_AT: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(",")
          .map((point) => point.trim())
          .filter(Boolean),
      ),
      v.check((points) => points.every((point) => (FAULT_POINTS as readonly string[]).includes(point)), `FAULT_PAUSE_AT must name points among ${FAULT_POINTS.join(", ")}`),
    ),
    "",
  ),
  FAULT_PAUSE_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "30000"),
  // Who may read GET /metrics (docs/operations.md, "Metrics"): a scraper that
  // sends "Authorization: Bearer <METRICS_TOKEN>", or one at an address in
  // METRICS_ALLOW (addresses or subnets such as 10.0.0.0/8, comma-separated;
  // empty: none). Everyone else gets 404.
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, "METRICS_TOKEN must have 16 characters or more"))),
  METRICS_ALLOW: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
      v.check((entries) => entries.every(isAddressOrSubnet), "METRICS_ALLOW must be addresses or subnets such as 127.0.0.1, ::1 or 10.0.0.0/8, separated by commas"),
    ),
    "127.0.0.1, ::1",
  ),
});

/** An IP address, or one with a prefix length its family can hold ("10.0.0.0/8", "fd00::/8"). */
function isAddressOrSubnet(entry: string) {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

export type Env = Omit<v.InferOutput<typeof EnvSchema>, "SESSION_SECRET"> & { SESSION_SECRET: string };

/**
 * The session secret (decision 017). In production the demo value is refused,
 * and so is no value with PostgreSQL, where several app servers must share
 * one. The embedded database is one server by nature: it makes a random
 * secret on first start and keeps it beside its data, so `npm start` works
 * out of the box without a secret anyone else knows; in memory, one per run.
 */
function sessionSecret(parsed: v.InferOutput<typeof EnvSchema>): string {
  const given = parsed.SESSION_SECRET;
  if (parsed.NODE_ENV !== "production") return given ?? DEMO_SESSION_SECRET;
  if (given === DEMO_SESSION_SECRET) throw new Error("Invalid environment:\n  SESSION_SECRET: the demo secret may not be used in production; set a random one of your own");
  if (given) return given;
  const url = parsed.DATABASE_URL;
  if (url === "memory://") return randomBytes(32).toString("hex");
  if (!url.startsWith("file://")) throw new Error("Invalid environment:\n  SESSION_SECRET: required in production with PostgreSQL, where every app server must share it");
  // Beside the database's folder, as db.server.ts reads the same URL.
  const file = path.join(path.dirname(path.resolve(url.slice("file://".length))), "session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** TRUST_PROXY as Express's "trust proxy" setting. */
export function trustProxySetting(value: string): boolean | number | string {
  const trimmed = value.trim();
  if (trimmed === "false" || trimmed === "") return false;
  if (trimmed === "true") return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

let cached: Env | undefined;

/** The settings in `source`, checked; throws naming every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = v.safeParse(EnvSchema, source);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? "?"}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return { ...result.output, SESSION_SECRET: sessionSecret(result.output) };
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether cookies go over HTTPS only: in production, unless SECURE_COOKIES is "false". */
export function secureCookies(): boolean {
  return env().NODE_ENV === "production" && env().SECURE_COOKIES;
}

/** The few settings the browser may see; nothing secret belongs here. */
export function clientEnv() {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, DEBUG_ERRORS } = env();
  return { SENTRY_DSN, SENTRY_ENVIRONMENT, DEBUG_ERRORS };
}

export type ClientEnv = ReturnType<typeof clientEnv>;
