import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_SESSION_SECRET, parseEnv } from "./env.server";

const scratch = mkdtempSync(path.join(tmpdir(), "env-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the session secret", () => {
  it("is the demo one in development and tests, unless one is given", () => {
    expect(parseEnv({ NODE_ENV: "development" }).SESSION_SECRET).toBe(DEMO_SESSION_SECRET);
    expect(parseEnv({ NODE_ENV: "test", SESSION_SECRET: "a-secret-of-our-own" }).SESSION_SECRET).toBe("a-secret-of-our-own");
  });

  it("refuses the demo secret in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: DEMO_SESSION_SECRET, DATABASE_URL: "memory://" })).toThrow(/demo secret may not be used in production/);
  });

  it("is required in production with PostgreSQL, where app servers must share it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop" })).toThrow(/SESSION_SECRET: required in production with PostgreSQL/);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
  });

  it("is made once and kept beside an embedded database's data", () => {
    const url = `file://${path.join(scratch, "pglite")}`;
    const first = parseEnv({ NODE_ENV: "production", DATABASE_URL: url }).SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(DEMO_SESSION_SECRET);
    expect(readFileSync(path.join(scratch, "session-secret"), "utf8")).toBe(first);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: url }).SESSION_SECRET).toBe(first);
  });

  it("is random for each run of an in-memory database", () => {
    const a = parseEnv({ NODE_ENV: "production", DATABASE_URL: "memory://" }).SESSION_SECRET;
    const b = parseEnv({ NODE_ENV: "production", DATABASE_URL: "memory://" }).SESSION_SECRET;
    expect(a).not.toBe(b);
  });
});

describe("who may read the metrics", () => {
  it("is the loopback addresses by default, and no token", () => {
    expect(parseEnv({}).METRICS_ALLOW).toEqual(["127.0.0.1", "::1"]);
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_ALLOW: "" }).METRICS_ALLOW).toEqual([]);
  });

  it("takes addresses and subnets of either family, and refuses anything else by name", () => {
    expect(parseEnv({ METRICS_ALLOW: " 10.0.0.0/8, fd00::/8 ,192.168.1.7" }).METRICS_ALLOW).toEqual(["10.0.0.0/8", "fd00::/8", "192.168.1.7"]);
    for (const bad of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "10.0.0.0/x"]) expect(() => parseEnv({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW must be addresses or subnets/);
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must have 16 characters or more/);
  });
});

describe("the embedded database's shared buffers", () => {
  it("are 32 MB unless a size is given, and anything but a size is refused", () => {
    expect(parseEnv({ NODE_ENV: "test" }).PGLITE_SHARED_BUFFERS).toBe("32MB");
    expect(parseEnv({ NODE_ENV: "test", PGLITE_SHARED_BUFFERS: "128MB" }).PGLITE_SHARED_BUFFERS).toBe("128MB");
    expect(() => parseEnv({ NODE_ENV: "test", PGLITE_SHARED_BUFFERS: "lots" })).toThrow(/PGLITE_SHARED_BUFFERS must be a size such as 32MB/);
  });
});
