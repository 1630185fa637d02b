import * as v from "valibot";

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
  DB_POOL_MAX: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "10"),
  SEED_ON_START: v.optional(v.picklist(["auto", "always", "never"]), "auto"),
  SEED_PRODUCTS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "3000"),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  DEBUG_ERRORS: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "false"),
  // Signs the session cookie. The cookie holds only a random session id, which
  // must also exist in the database, so the default is safe for a demo; set
  // your own in production all the same.
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "SESSION_SECRET must have 16 characters or more")), "storefront-demo-session-secret"),
  // Secure cookies need HTTPS; turn off only to try a production build over
  // plain HTTP on localhost.
  SECURE_COOKIES: v.optional(v.pipe(v.picklist(["true", "false"]), v.transform((s) => s === "true")), "true"),
  // Outgoing email: an SMTP server as smtp://user:pass@host:587 or smtps://…
  // Unset, every message is written to OUTBOX_DIR instead.
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://"))),
  MAIL_FROM: v.optional(v.string(), "Shipwise <no-reply@shipwise.localhost>"),
  OUTBOX_DIR: v.optional(v.string(), "./data/outbox"),
  SENTRY_DSN: v.optional(v.string()),
  SENTRY_ENVIRONMENT: v.optional(v.string(), "production"),
  // Which proxies may name the host (X-Forwarded-Host) and the client: Express's
  // "trust proxy" values: false, true, a hop count, or addresses/subnets such
  // as "loopback" or "10.0.0.0/8, 127.0.0.1".
  TRUST_PROXY: v.optional(v.string(), "false"),
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
});

export type Env = v.InferOutput<typeof EnvSchema>;

/** TRUST_PROXY as Express's "trust proxy" setting. */
export function trustProxySetting(value: string): boolean | number | string {
  const trimmed = value.trim();
  if (trimmed === "false" || trimmed === "") return false;
  if (trimmed === "true") return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const result = v.safeParse(EnvSchema, process.env);
    if (!result.success) {
      const problems = result.issues.map((i) => `${v.getDotPath(i) ?? "?"}: ${i.message}`);
      throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
    }
    cached = result.output;
  }
  return cached;
}

/** The few settings the browser may see; nothing secret belongs here. */
export function clientEnv() {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, DEBUG_ERRORS } = env();
  return { SENTRY_DSN, SENTRY_ENVIRONMENT, DEBUG_ERRORS };
}

export type ClientEnv = ReturnType<typeof clientEnv>;
