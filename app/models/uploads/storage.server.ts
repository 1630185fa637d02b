import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { env } from "~/platform/env.server";
import { checkUpload, FILE_KINDS, type FileKind, type UploadCheck } from "./file-kind";

// Files customers and operators upload (parcel photos, answers to the
// operator's questions, later claim forms), kept under UPLOADS_DIR by a
// random name, so a name says nothing and cannot be guessed or steered out
// of the folder. The database keeps the name; who may read a file is
// decided by whoever keeps its name, never by this module.

export function uploadsDir() {
  return resolve(env().UPLOADS_DIR);
}

const STORED_NAME = /^[a-z]+\/[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp|pdf)$/;

/** Checks and keeps a file in `folder` (one word, e.g. "parcels"); its stored name, or why it was refused. */
export async function storeUpload(
  bytes: Uint8Array,
  folder: string,
  allowed: readonly FileKind[],
  maxBytes?: number,
): Promise<{ ok: true; name: string; kind: FileKind } | Extract<UploadCheck, { ok: false }>> {
  if (!/^[a-z]+$/.test(folder)) throw new Error(`Not an upload folder: ${folder}`);
  const checked = checkUpload(bytes, allowed, maxBytes);
  if (!checked.ok) return checked;
  const name = `${folder}/${randomBytes(16).toString("base64url")}.${FILE_KINDS[checked.kind].extension}`;
  await mkdir(join(uploadsDir(), folder), { recursive: true });
  await writeFile(join(uploadsDir(), name), bytes, { flag: "wx", mode: 0o640 });
  return { ok: true, name, kind: checked.kind };
}

/** A kept file's bytes and type, or null for a name this module never gave out. */
export async function readUpload(name: string) {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const kind = (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].extension === match[1])!;
  try {
    return { bytes: await readFile(join(uploadsDir(), name)), type: FILE_KINDS[kind].type };
  } catch {
    return null;
  }
}
