import { describe, expect, it } from "vitest";
import { checkUpload, fileKindOf, IMAGE_KINDS, IMAGE_OR_PDF, UPLOAD_MAX_BYTES } from "./file-kind";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF");
const PDF = bytes("%PDF-1.7\n");

describe("fileKindOf", () => {
  it("tells images and PDFs by their first bytes", () => {
    expect(fileKindOf(PNG)).toBe("png");
    expect(fileKindOf(JPEG)).toBe("jpeg");
    expect(fileKindOf(bytes("GIF89a", [0]))).toBe("gif");
    expect(fileKindOf(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(fileKindOf(PDF)).toBe("pdf");
  });

  it("knows nothing else, whatever it would be called", () => {
    expect(fileKindOf(bytes("MZ\x90\x00"))).toBeNull();
    expect(fileKindOf(bytes("<svg xmlns"))).toBeNull();
    expect(fileKindOf(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(fileKindOf(bytes([0x89, 0x50]))).toBeNull();
  });
});

describe("checkUpload", () => {
  it("takes an allowed kind within the size", () => {
    expect(checkUpload(PDF, IMAGE_OR_PDF)).toEqual({ ok: true, kind: "pdf" });
    expect(checkUpload(PNG, IMAGE_KINDS)).toEqual({ ok: true, kind: "png" });
  });

  it("refuses a kind not allowed here", () => {
    expect(checkUpload(PDF, IMAGE_KINDS)).toEqual({ ok: false, error: "wrong_type" });
    expect(checkUpload(bytes("hello"), IMAGE_OR_PDF)).toEqual({ ok: false, error: "wrong_type" });
  });

  it("refuses an empty file and one over the limit, and takes one exactly at it", () => {
    expect(checkUpload(new Uint8Array(), IMAGE_OR_PDF)).toEqual({ ok: false, error: "empty" });
    const atLimit = new Uint8Array(UPLOAD_MAX_BYTES);
    atLimit.set(PDF);
    expect(checkUpload(atLimit, IMAGE_OR_PDF)).toEqual({ ok: true, kind: "pdf" });
    const over = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    over.set(PDF);
    expect(checkUpload(over, IMAGE_OR_PDF)).toEqual({ ok: false, error: "too_large" });
  });
});
