import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AwsClient } from "aws4fetch";
import { env } from "~/platform/env.server";
import { checkUpload, FILE_KINDS, type FileKind, type UploadCheck } from "./file-kind";

// Files customers and operators upload (parcel photos, answers to the
// operator's questions, claim documents, listing photos), kept by a random
// name, so a name says nothing and cannot be guessed or steered out of its
// folder. The database keeps the name; who may read a file is decided by
// whoever keeps its name, never by this module.
//
// Where the bytes live (decision 032): under UPLOADS_DIR by default, or in
// an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Hetzner…) when
// UPLOADS_S3_BUCKET is set, so that many app servers share them without a
// shared disk.

export function uploadsDir() {
  return resolve(env().UPLOADS_DIR);
}

const STORED_NAME = /^[a-z]+\/[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp|pdf)$/;

type FileStore = {
  put(name: string, bytes: Uint8Array, type: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Uint8Array | null>;
  remove(name: string): Promise<void>;
};

const diskStore: FileStore = {
  async put(name, bytes) {
    await mkdir(join(uploadsDir(), name.split("/")[0]!), { recursive: true });
    await writeFile(join(uploadsDir(), name), bytes, { flag: "wx", mode: 0o640 });
  },
  async get(name) {
    try {
      return await readFile(join(uploadsDir(), name));
    } catch {
      return null;
    }
  },
  async remove(name) {
    await rm(join(uploadsDir(), name), { force: true });
  },
};

/** A bucket reached by path-style addresses (endpoint/bucket/name), which every S3-compatible service answers. */
function bucketStore(settings: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): FileStore {
  // Two more tries after a 5xx or a network error (aws4fetch's default is ten, over a minute): a shopper's form is waiting.
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: "s3", region: settings.region, retries: 2 });
  const address = (name: string) => `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}/${name}`;
  async function send(method: "PUT" | "GET" | "DELETE", name: string, init: { body?: Uint8Array; type?: string } = {}) {
    const answer = await client.fetch(address(name), {
      method,
      body: init.body as BodyInit | undefined,
      headers: init.type ? { "content-type": init.type } : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    if (method === "GET" && answer.status === 404) return null;
    if (!answer.ok) throw new Error(`Upload storage: ${method} ${name} answered ${answer.status}`);
    return answer;
  }
  return {
    async put(name, bytes, type) {
      await send("PUT", name, { body: bytes, type });
    },
    async get(name) {
      const answer = await send("GET", name);
      return answer ? new Uint8Array(await answer.arrayBuffer()) : null;
    },
    async remove(name) {
      await send("DELETE", name);
    },
  };
}

function fileStore(): FileStore {
  const { UPLOADS_S3_BUCKET, UPLOADS_S3_ENDPOINT, UPLOADS_S3_REGION, UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY } = env();
  if (!UPLOADS_S3_BUCKET) return diskStore;
  if (!UPLOADS_S3_ACCESS_KEY_ID || !UPLOADS_S3_SECRET_ACCESS_KEY) throw new Error("UPLOADS_S3_BUCKET needs UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY");
  return bucketStore({
    bucket: UPLOADS_S3_BUCKET,
    endpoint: UPLOADS_S3_ENDPOINT ?? `https://s3.${UPLOADS_S3_REGION}.amazonaws.com`,
    region: UPLOADS_S3_REGION,
    accessKeyId: UPLOADS_S3_ACCESS_KEY_ID,
    secretAccessKey: UPLOADS_S3_SECRET_ACCESS_KEY,
  });
}

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
  await fileStore().put(name, bytes, FILE_KINDS[checked.kind].type);
  return { ok: true, name, kind: checked.kind };
}

const kindOf = (name: string) => {
  const match = STORED_NAME.exec(name);
  return match ? (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].extension === match[1])! : null;
};

/** A kept file's bytes and type, or null for a name this module never gave out. */
export async function readUpload(name: string) {
  const kind = kindOf(name);
  if (!kind) return null;
  const bytes = await fileStore().get(name);
  return bytes ? { bytes: Buffer.from(bytes), type: FILE_KINDS[kind].type } : null;
}

/** Lets go of files kept for something that was then not saved; a failure leaves an orphan, never an error. */
export async function removeUploads(names: readonly string[]) {
  const store = fileStore();
  await Promise.all(names.filter((name) => kindOf(name)).map((name) => store.remove(name).catch(() => undefined)));
}
