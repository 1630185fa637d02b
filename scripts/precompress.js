// Writes a gzip (.gz, by zopfli) and a brotli (.br) copy beside each script,
// stylesheet and SVG of the client build, which the server sends as they are
// (server/index.ts): nothing is compressed per request, and each copy is
// packed harder than a request could wait for (decision 056). Zopfli takes
// most of the time: the files are shared among a thread per core.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { brotliCompressSync, constants } from "node:zlib";
import zopfli from "@gfx/zopfli";

const ROOT = "build/client";
const PACKED = /\.(js|css|svg)$/;

/** Writes a file's copies; answers its size and what is sent gzipped (the copy, or the file where gzip would not make it smaller). */
async function pack(file) {
  const bytes = readFileSync(file);
  // Five rounds find all but a few bytes of what fifteen would, in a third of the time.
  const gz = Buffer.from(await zopfli.gzipAsync(bytes, { numiterations: 5 }));
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  return [bytes.length, Math.min(gz.length, bytes.length)];
}

if (isMainThread) {
  const files = readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PACKED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const threads = Math.max(1, Math.min(availableParallelism(), 4));
  const shares = Array.from({ length: threads }, (_, i) => files.filter((_, n) => n % threads === i));
  const totals = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: share });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  ).catch((error) => {
    // Said here and ended: the compressor's own handler of uncaught errors prints its whole source.
    console.error(error);
    process.exit(1);
  });
  const [plain, sent] = totals.reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
  console.log(`Precompressed ${files.length} files: ${(plain / 1024).toFixed(0)} KB, ${(sent / 1024).toFixed(0)} KB gzipped.`);
} else {
  let plain = 0;
  let sent = 0;
  for (const file of workerData) {
    const [size, gzipped] = await pack(file);
    plain += size;
    sent += gzipped;
  }
  parentPort.postMessage([plain, sent]);
}
