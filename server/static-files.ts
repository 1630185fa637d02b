import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import express, { type RequestHandler } from "express";

/** Every file under `dir`, as the URL path that names it ("/favicon.svg"). */
function urlPathsUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/")}`);
}

/**
 * express.static for a folder whose files are fixed once the server starts
 * (a production build): a request that names none of them goes straight on,
 * instead of asking the disk first. Every page would otherwise wait for two
 * file lookups on libuv's thread pool before it is rendered.
 */
export function fixedFiles(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const files = new Set(urlPathsUnder(dir));
  const serve = express.static(dir, options);
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}
