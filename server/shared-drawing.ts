import type { Response as ExpressResponse } from "express";
import { isNotModified, mayBeSameForEveryGuest, SHARED_DRAWING_HEADER } from "../app/web/guest-cache.server";

// Decision 034. Guests asking for the same page at the same moment (a
// campaign's landing, a busy category) are answered with one drawing of it:
// the first request draws the page, and those that arrive while it is being
// drawn wait for it instead of drawing it again. Nothing is kept once it is
// sent, so no answer is older than the request it answers by more than the
// drawing in progress; a CDN in front (decision 025) keeps pages longer.

/** A drawn page every guest who asked for it at once may be sent. */
export type Drawing = { headers: [string, string][]; body: Buffer; csp: string | undefined; etag: string | null };

/**
 * What makes two requests the same page, or undefined when the request may
 * not share one: a page (not data or the API) a guest asks for with GET,
 * named by its address (the site is its host), its shared preferences (the
 * cookies, which may only be those) and the languages the browser asks for.
 */
export function drawingKey(request: Request): string | undefined {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.pathname.endsWith(".data") || url.pathname.startsWith("/api/")) return undefined;
  if (!mayBeSameForEveryGuest(request)) return undefined;
  const header = (name: string) => request.headers.get(name) ?? "";
  return [request.url, header("cookie"), header("accept-language"), header("x-locale")].join("\n");
}

/** The pages being drawn, by key: each resolves to its drawing, or undefined if it may not be shared. */
export function drawingsInFlight() {
  const inFlight = new Map<string, Promise<Drawing | undefined>>();
  return {
    /** The drawing of an identical request under way, if any. */
    under: (key: string) => inFlight.get(key),
    /**
     * Draws the page once for `key`: whoever asks meanwhile gets the same
     * promise. `draw` gives the leader's own answer; `share` what of it the
     * others may be sent.
     */
    async lead<T>(key: string, draw: () => Promise<T>, share: (answer: T) => Promise<Drawing | undefined>): Promise<{ answer: T; drawing: Drawing | undefined }> {
      let settle!: (drawing: Drawing | undefined) => void;
      inFlight.set(key, new Promise((resolve) => (settle = resolve)));
      let drawing: Drawing | undefined;
      try {
        const answer = await draw();
        drawing = await share(answer);
        return { answer, drawing };
      } finally {
        // A failed drawing leaves each waiting request to draw its own.
        inFlight.delete(key);
        settle(drawing);
      }
    },
  };
}

/**
 * The drawing in a Remix answer a guest may share, with the policy whose
 * nonce its scripts carry; undefined for any other answer (the route says
 * so by SHARED_DRAWING_HEADER, set only on a guest page's 200).
 */
export async function sharedDrawingOf(response: Response, res: ExpressResponse): Promise<Drawing | undefined> {
  if (response.status !== 200 || !response.headers.has(SHARED_DRAWING_HEADER) || !response.body) return undefined;
  const headers = [...response.headers].filter(([name]) => name !== SHARED_DRAWING_HEADER);
  const csp = res.getHeader("content-security-policy");
  return { headers, body: Buffer.from(await response.arrayBuffer()), csp: typeof csp === "string" ? csp : undefined, etag: response.headers.get("etag") };
}

/**
 * Sends a drawing, under the policy of the request that drew it: its
 * scripts carry that request's nonce. One who holds the page already gets a
 * 304 without it, and without a policy (guest-cache.server.ts, pageEtag).
 */
export function sendDrawing(res: ExpressResponse, drawing: Drawing, request: Request) {
  if (drawing.etag && isNotModified(request, drawing.etag)) {
    res.removeHeader("content-security-policy");
    for (const [name, value] of drawing.headers) if (name !== "content-type") res.append(name, value);
    res.status(304).end();
    return;
  }
  if (drawing.csp) res.setHeader("content-security-policy", drawing.csp);
  else res.removeHeader("content-security-policy");
  res.status(200);
  for (const [name, value] of drawing.headers) res.append(name, value);
  res.end(drawing.body);
}
