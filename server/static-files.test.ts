import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedFiles } from "./static-files";

// A production server serves its built files, and sends every other path
// on to the pages without looking on the disk for it.

let base = "";
let close = () => {};

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "fixed-files-"));
  mkdirSync(join(dir, "media"));
  writeFileSync(join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(join(dir, "media", "logo.txt"), "logo");
  const app = express();
  app.use(fixedFiles(dir, { maxAge: "1h" }));
  app.use((req, res) => res.status(299).send(`page ${req.path}`));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
  // A file added after the start is not served: a build's files are fixed.
  writeFileSync(join(dir, "later.txt"), "later");
});
afterAll(() => close());

describe("fixed files", () => {
  it("serves the files the folder held at the start, nested ones too", async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe("<svg/>");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${base}/media/logo.txt`)).text()).toBe("logo");
  });

  it("sends every other path on", async () => {
    for (const path of ["/en/c/clothes", "/later.txt", "/media", "/favicon.svg.x"]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(299);
      expect(await answer.text(), path).toBe(`page ${path}`);
    }
  });
});
