import express from "express";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedMigrations } from "../app/models/db/migrations.server";
import { requestLog, startingProgress } from "./starting";

// Issue 32, row 11: a server still migrating and seeding answers 503, and
// its log reads as a start under way, not as a crash: one info line a
// request, naming how far the start has come, with no error or stack trace.

type Line = { level: number; msg: string; err?: unknown; starting?: string; refusedWhileStarting?: number };

function capturedLogger() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const INFO = 30;
const { logger, lines } = capturedLogger();
const progress = startingProgress(logger);
let ready = false;
let base = "";
let close = () => {};

beforeAll(async () => {
  // The same order as the server: the request log, then the gate, then the pages.
  const app = express();
  app.use(requestLog(logger, () => !ready));
  app.use(progress.gate(() => ready));
  app.get("/en", (_req, res) => res.send("the shop"));
  app.get("/broken", (_req, res) => res.status(500).send("broken"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** Lines written up to now, once the request log has flushed its line for the last answer. */
async function linesAfter(url: string) {
  const from = lines.length;
  const answer = await fetch(`${base}${url}`);
  await answer.text();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { answer, written: lines.slice(from) };
}

describe("starting", () => {
  it("says how far the migrations are: each one applied as n of m", async () => {
    const ran: string[] = [];
    const steps: string[] = [];
    const migration = (name: string) => ({ up: async () => void ran.push(name) });
    const counted = countedMigrations({ "0001-a": migration("0001-a"), "0002-b": migration("0002-b") }, 2, (done, pending, name) => steps.push(`${done} of ${pending}: ${name}`));
    for (const m of Object.values(counted)) await m.up(undefined as never);
    expect(ran).toEqual(["0001-a", "0002-b"]);
    expect(steps).toEqual(["1 of 2: 0001-a", "2 of 2: 0002-b"]);
  });

  it("logs a 503 answered while starting as one info line naming the step, with no error or stack trace", async () => {
    progress.step("migrating 12 of 48: 0012-redirects");
    const { answer, written } = await linesAfter("/en");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: INFO, starting: "migrating 12 of 48: 0012-redirects", msg: "Still starting (migrating 12 of 48: 0012-redirects): answered 503 to GET /en" });
    expect(JSON.stringify(written)).not.toMatch(/"err"|stack/);
  });

  it("logs each step once, at info, and counts the requests turned away", async () => {
    const from = lines.length;
    progress.step("seeding the demo data (600 products)", { products: 600 });
    expect(lines.slice(from)).toEqual([expect.objectContaining({ level: INFO, msg: "Starting: seeding the demo data (600 products)", products: 600 })]);
    await linesAfter("/en/cart");
    expect(progress.refused).toBe(2);
  });

  it("once ready, answers and logs requests as before: a real 500 is still an error", async () => {
    ready = true;
    const page = await linesAfter("/en");
    expect(page.answer.status).toBe(200);
    expect(page.written).toEqual([expect.objectContaining({ level: INFO, msg: "request completed" })]);
    const broken = await linesAfter("/broken");
    expect(broken.written).toEqual([expect.objectContaining({ level: 50, err: expect.objectContaining({ stack: expect.any(String) }) })]);
  });
});
