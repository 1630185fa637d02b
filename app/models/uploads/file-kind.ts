// What a file is, told by its first bytes (its "magic number"), never by the
// name or the type the browser claims: a renamed program stays refused.
// Safe in the browser; the storing lives in storage.server.ts.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const FILE_KINDS = {
  png: { extension: "png", type: "image/png" },
  jpeg: { extension: "jpg", type: "image/jpeg" },
  gif: { extension: "gif", type: "image/gif" },
  webp: { extension: "webp", type: "image/webp" },
  pdf: { extension: "pdf", type: "application/pdf" },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const IMAGE_KINDS: readonly FileKind[] = ["png", "jpeg", "gif", "webp"];
export const IMAGE_OR_PDF: readonly FileKind[] = [...IMAGE_KINDS, "pdf"];

/** What a file picker offers for these kinds: its accept attribute. */
export const acceptAttribute = (kinds: readonly FileKind[]) => kinds.map((kind) => FILE_KINDS[kind].type).join(",");

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of file the bytes are, or null when they are none we take. */
export function fileKindOf(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  return null;
}

export type UploadCheck = { ok: true; kind: FileKind } | { ok: false; error: "empty" | "too_large" | "wrong_type" };

/** Whether an upload may be kept: not empty, at most `maxBytes`, and one of the `allowed` kinds by its content. */
export function checkUpload(bytes: Uint8Array, allowed: readonly FileKind[], maxBytes = UPLOAD_MAX_BYTES): UploadCheck {
  if (bytes.length === 0) return { ok: false, error: "empty" };
  if (bytes.length > maxBytes) return { ok: false, error: "too_large" };
  const kind = fileKindOf(bytes);
  if (!kind || !allowed.includes(kind)) return { ok: false, error: "wrong_type" };
  return { ok: true, kind };
}
