import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "uploads-"));
vi.mock("~/platform/env.server", () => ({ env: () => ({ UPLOADS_DIR: dir }) }));

const { readUpload, storeUpload } = await import("./storage.server");
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
