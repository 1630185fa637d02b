import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "uploads-"));
const settings: Record<string, string | undefined> = { UPLOADS_DIR: dir, UPLOADS_S3_REGION: "us-east-1" };
vi.mock("~/platform/env.server", () => ({ env: () => settings }));

const { readUpload, removeUploads, storeUpload } = await import("./storage.server");
const { IMAGE_KINDS, IMAGE_OR_PDF } = await import("./file-kind");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("storeUpload", () => {
  it("keeps an accepted file under a random name in its folder, and gives it back by that name", async () => {
    const stored = await storeUpload(PNG, "parcels", IMAGE_KINDS);
    if (!stored.ok) throw new Error(stored.error);
    expect(stored.name).toMatch(/^parcels\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await readUpload(stored.name)).toEqual({ bytes: Buffer.from(PNG), type: "image/png" });
  });

  it("keeps nothing it refuses", async () => {
    const before = await readdir(dir, { recursive: true });
    expect(await storeUpload(new TextEncoder().encode("%PDF-1.4"), "photos", IMAGE_KINDS)).toEqual({ ok: false, error: "wrong_type" });
    expect(await storeUpload(PNG, "answers", IMAGE_OR_PDF, 4)).toEqual({ ok: false, error: "too_large" });
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });

  it("reads no name it did not give, so a path cannot leave the folder", async () => {
    expect(await readUpload("../../etc/passwd")).toBeNull();
    expect(await readUpload("parcels/../../x.png")).toBeNull();
    await expect(storeUpload(PNG, "../x", IMAGE_KINDS)).rejects.toThrow();
  });
});

describe("in an S3-compatible bucket (UPLOADS_S3_BUCKET)", () => {
  // A bucket of the kind MinIO or S3 keeps, reached by path-style addresses:
  // it keeps what is PUT, gives it back, forgets what is DELETEd, and notes
  // every request it was sent.
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const requests: { method: string; path: string; authorization: string; type: string | undefined }[] = [];
  let failing = false;
  const bucket = createServer(async (request: IncomingMessage, answer) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? "";
    requests.push({ method: request.method!, path, authorization: String(request.headers.authorization), type: request.headers["content-type"] });
    if (failing) return answer.writeHead(503).end();
    if (request.method === "PUT") objects.set(path, { bytes: Buffer.concat(chunks), type: String(request.headers["content-type"]) });
    if (request.method === "DELETE") objects.delete(path);
    if (request.method === "GET") {
      const object = objects.get(path);
      return object ? answer.writeHead(200, { "content-type": object.type }).end(object.bytes) : answer.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
    }
    answer.writeHead(request.method === "DELETE" ? 204 : 200).end();
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => bucket.listen(0, "127.0.0.1", resolve));
    Object.assign(settings, {
      UPLOADS_S3_BUCKET: "shop-uploads",
      UPLOADS_S3_ENDPOINT: `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`,
      UPLOADS_S3_REGION: "eu-north-1",
      UPLOADS_S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      UPLOADS_S3_SECRET_ACCESS_KEY: "a-secret-key",
    });
  });
  afterAll(async () => {
    for (const key of ["UPLOADS_S3_BUCKET", "UPLOADS_S3_ENDPOINT", "UPLOADS_S3_ACCESS_KEY_ID", "UPLOADS_S3_SECRET_ACCESS_KEY"]) delete settings[key];
    await new Promise((resolve) => bucket.close(resolve));
  });

  it("keeps a file in the bucket by a signed PUT, not on the disk, and gives it back", async () => {
    const before = await readdir(dir, { recursive: true });
    const stored = await storeUpload(PNG, "claims", IMAGE_OR_PDF);
    if (!stored.ok) throw new Error(stored.error);
    expect(requests.at(-1)).toMatchObject({ method: "PUT", path: `/shop-uploads/${stored.name}`, type: "image/png" });
    expect(requests.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/);
    expect(await readdir(dir, { recursive: true })).toEqual(before);
    expect(await readUpload(stored.name)).toEqual({ bytes: Buffer.from(PNG), type: "image/png" });
  });

  it("finds nothing the bucket does not hold, asks it nothing for a name it never gave, and lets go of files", async () => {
    const stored = await storeUpload(PNG, "listings", IMAGE_KINDS);
    if (!stored.ok) throw new Error(stored.error);
    await removeUploads([stored.name, "../../etc/passwd"]);
    expect(requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([`/shop-uploads/${stored.name}`]);
    expect(await readUpload(stored.name)).toBeNull();
    const asked = requests.length;
    expect(await readUpload("claims/../../secret.png")).toBeNull();
    expect(requests).toHaveLength(asked);
  });

  it("sends nothing for a file it refuses, and fails loudly when the bucket does", async () => {
    const asked = requests.length;
    expect(await storeUpload(new TextEncoder().encode("not an image"), "claims", IMAGE_KINDS)).toEqual({ ok: false, error: "wrong_type" });
    expect(requests).toHaveLength(asked);
    failing = true;
    try {
      await expect(storeUpload(PNG, "claims", IMAGE_KINDS)).rejects.toThrow(/answered 503/);
    } finally {
      failing = false;
    }
  });
});
