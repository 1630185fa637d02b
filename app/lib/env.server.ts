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
  SENTRY_DSN: v.optional(v.string()),
  SENTRY_ENVIRONMENT: v.optional(v.string(), "production"),
  SHUTDOWN_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), "10000"),
});

export type Env = v.InferOutput<typeof EnvSchema>;

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
