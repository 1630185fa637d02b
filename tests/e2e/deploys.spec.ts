import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { freePort } from "./free-port";

// A deploy stops a server with SIGTERM while shoppers are mid-request
// (docs/operations.md, "Deploys"): readiness turns 503 first, every request
// in flight is answered in full, new connections are refused once the drain
// is over, and the process exits with 0 within its bound. A production
// server of its own on the embedded database, in memory.

const DRAIN_MS = 1_500;
const TIMEOUT_MS = 10_000;

test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

type Answer = { status: number; connection: string | undefined; body: string };

/** A request whose body is sent in two parts: the second only when `finish` is called, so it is in flight until then. */
function slowRequest(port: number, agent: http.Agent, method: string, path: string, body = "") {
  let finish = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, agent, headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {} }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection, body: text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    if (!body) {
      request.end();
      return;
    }
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    finish = () => void request.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

test("SIGTERM: readiness answers 503 first, every request in flight is answered in full, and the process exits cleanly in time", async () => {
  test.setTimeout(120_000);
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const server: ChildProcess = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: "memory://",
      SEED_ON_START: "auto",
      SEED_PRODUCTS: "60",
      LOG_LEVEL: "info",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
      // A reconciliation round every second, so a background loop is likely under way at the signal.
      PAYMENT_RECONCILE_INTERVAL_SECONDS: "1",
    },
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => server.on("exit", (code) => resolve({ code, at: Date.now() })));
  const agent = new http.Agent({ keepAlive: true });
  try {
    await expect.poll(() => fetch(`${base}/api/health/ready`).then((r) => r.status, () => 0), { timeout: 90_000, intervals: [200] }).toBe(200);
    // Before the signal, connections are kept alive.
    const before = await slowRequest(port, agent, "GET", "/en").answer;
    expect(before).toMatchObject({ status: 200, connection: "keep-alive" });

    // Three requests whose bodies are half sent, and a dozen pages asked at once on kept-alive connections.
    const flags = `{"locale":"en"}${" ".repeat(2_000)}`;
    const slow = [0, 1, 2].map(() => slowRequest(port, agent, "POST", "/api/search/flags", flags));
    const pages = Array.from({ length: 12 }, (_, n) => slowRequest(port, agent, "GET", n % 2 ? "/en" : "/lt").answer);
    // Time for the server to take them in: on a busy machine 300 ms left one of the three not yet read.
    // The half-sent ones stay in flight however long this is; the pages may be answered before the signal.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const signalledAt = Date.now();
    server.kill("SIGTERM");
    await expect.poll(() => output).toContain("Shutting down: readiness answers 503");
    const signalled = JSON.parse(output.split("\n").find((line) => line.includes("Shutting down: readiness answers 503"))!) as { inFlight: number; drainMs: number };
    // The three half-sent requests at least were in flight, and the server was ready, so it drains.
    expect(signalled).toMatchObject({ inFlight: expect.any(Number), drainMs: DRAIN_MS });
    expect(signalled.inFlight).toBeGreaterThanOrEqual(3);
    // During the drain readiness fails while shoppers are still answered, each on a connection that then closes.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("connection")).toBe("close");

    // After the drain the server takes no new connection, while the requests in flight are still waiting for their bodies.
    await expect.poll(() => output, { timeout: DRAIN_MS + 5_000 }).toContain("Shutting down: no new connections");
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(server.exitCode).toBeNull();

    for (const request of slow) request.finish();
    for (const answer of await Promise.all(slow.map((request) => request.answer))) {
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe("close");
      expect(JSON.parse(answer.body)).toContainEqual(expect.objectContaining({ slug: "new", name: "New" }));
    }
    for (const answer of await Promise.all(pages)) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("</html>");
    }

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(DRAIN_MS + TIMEOUT_MS);
    expect(output).toContain("Shut down cleanly");
    // The background loops stopped before the database closed: nothing failed on the way out.
    const afterSignal = output.slice(output.indexOf("Shutting down"));
    expect(afterSignal).not.toMatch(/"level":(50|60)/);
  } finally {
    agent.destroy();
    if (server.exitCode === null) server.kill("SIGKILL");
  }
});
