import { MAX_JSON_DEPTH } from "../app/lib/json-depth";
import { CROSS_SITE_PATHS } from "./same-origin";

// Every request passes here before the app sees it. What a browser on one of
// our pages can never send — a body of the wrong kind, a broken Host, a NUL
// character, a method we do not serve — is refused with a 4xx and a clear,
// translated message, so that no route has to guard against it and no such
// request can reach a query and turn into a 500. Decision 017 says why here.

/** Methods the shop serves; TRACE, CONNECT and unknown ones get 405. */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** Pages take only reading and form posts: their actions read form data. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** The largest body any form or API call needs, far above the longest real one. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * A form with files (multipart). Each file may be 10 MB and a claim takes
 * five: a body of all five at their largest, with room over, still reaches
 * the page, so an oversized file is refused by the form itself, in its
 * words and with the rest of what was typed kept.
 */
export const UPLOAD_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type RefusalReason = "method" | "host" | "path" | "nul" | "bodyType" | "malformedBody" | "badJson" | "tooDeep" | "tooLarge" | "crossSite";
export type Refusal = { status: number; reason: RefusalReason; allow?: string };

export type ScreenInput = {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  target: string;
  /** Host, and X-Forwarded-Host when a trusted proxy set it. */
  hosts: string[];
  contentType?: string;
  /** The body as read (already within the size limit); undefined when there is none. */
  body?: Buffer;
};

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** Refuses what cannot be a request of ours; undefined lets it through. */
export async function screen({ method, target, hosts, contentType, body }: ScreenInput): Promise<Refusal | undefined> {
  const verb = method.toUpperCase();
  if (!SERVED_METHODS.includes(verb)) return { status: 405, reason: "method", allow: SERVED_METHODS.join(", ") };
  if (!hosts.length || !hosts.every(isValidHost)) return { status: 400, reason: "host" };

  const [rawPath = "", rawQuery = ""] = splitTarget(target);
  const path = decodeOrUndefined(rawPath);
  if (path === undefined) return { status: 400, reason: "path" };
  if (path.includes("\0")) return { status: 400, reason: "nul" };
  let query: URLSearchParams;
  try {
    query = new URLSearchParams(rawQuery);
  } catch {
    return { status: 400, reason: "path" };
  }
  for (const [name, value] of query) if (hasNul(name) || hasNul(value)) return { status: 400, reason: "nul" };

  if (!isApi(path) && !PAGE_METHODS.includes(verb) && verb !== "OPTIONS") return { status: 405, reason: "method", allow: PAGE_METHODS.join(", ") };
  if (verb === "GET" || verb === "HEAD" || verb === "OPTIONS") return undefined;
  // Payment providers post their own formats and sign the raw bytes.
  if (CROSS_SITE_PATHS.some((prefix) => path.startsWith(prefix))) return undefined;

  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const empty = !body || body.length === 0;
  if (isApi(path)) {
    if (empty) return undefined;
    if (type !== "application/json") return { status: 415, reason: "bodyType" };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      return { status: 400, reason: "badJson" };
    }
    const problem = jsonProblem(parsed);
    return problem ? { status: 400, reason: problem } : undefined;
  }

  if (!FORM_TYPES.includes(type)) return { status: 415, reason: "bodyType" };
  let form: FormData;
  try {
    form = await new Response(body ? new Uint8Array(body) : "", { headers: { "content-type": contentType! } }).formData();
  } catch {
    return { status: 400, reason: "malformedBody" };
  }
  for (const [name, value] of form) {
    if (hasNul(name) || (typeof value === "string" ? hasNul(value) : hasNul(value.name))) return { status: 400, reason: "nul" };
  }
  return undefined;
}

function splitTarget(target: string) {
  const at = target.indexOf("?");
  return at === -1 ? [target, ""] : [target.slice(0, at), target.slice(at + 1)];
}

function decodeOrUndefined(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** A host name and an optional port in range, as a URL would hold it. */
export function isValidHost(host: string) {
  if (!host || /[\s/\\?#@]/.test(host)) return false;
  try {
    const url = new URL(`http://${host}`);
    return url.host.toLowerCase() === host.toLowerCase() || url.hostname.toLowerCase() === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

const hasNul = (text: string) => text.includes("\0");

/** A NUL character anywhere in a JSON body's keys or strings, or nesting past MAX_JSON_DEPTH; walked without recursion. */
function jsonProblem(root: unknown): "nul" | "tooDeep" | undefined {
  const waiting: Array<[unknown, number]> = [[root, 0]];
  while (waiting.length) {
    const [value, depth] = waiting.pop()!;
    if (typeof value === "string") {
      if (hasNul(value)) return "nul";
    } else if (value && typeof value === "object") {
      if (depth >= MAX_JSON_DEPTH) return "tooDeep";
      for (const [key, item] of Object.entries(value)) {
        if (hasNul(key)) return "nul";
        waiting.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}
