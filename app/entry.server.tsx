import { PassThrough, type Writable } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { TextsProvider } from "./hooks/use-translation";
import { localeFromRequest, translationsFor } from "./platform/i18n.server";
import { intlLocale } from "./lib/i18n";
import { logger } from "./platform/logger.server";
import { reportServerError } from "./platform/sentry.server";
import { NonceProvider } from "./web/nonce";
import { StylesheetProvider } from "./web/stylesheet";
import { stylesheet, withPageStylesheet } from "./web/stylesheet.server";
import { GUEST_CACHE_CONTROL, PERSONAL_CACHE_CONTROL, SHARED_DRAWING_HEADER, isNotModified, isSameForEveryGuest, mayBeKeptByCaches, mayShareDrawing, pageEtag } from "./web/guest-cache.server";

const ABORT_DELAY_MS = 5_000;
/** How long after its shell a person's page may take to be drawn whole: a part still loading past it is streamed. */
const WHOLE_WITHIN_MS = 20;
const HTML = "text/html; charset=utf-8";

export const streamTimeout = ABORT_DELAY_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string },
) {
  const nonce = loadContext.cspNonce ?? "";
  const locale = localeFromRequest(request);
  const page = (
    <NonceProvider value={nonce}>
      <StylesheetProvider value={stylesheet}>
        {/* The texts for a page whose root loader failed; root.tsx gives them otherwise. */}
        <TextsProvider texts={translationsFor(locale)} lang={intlLocale(locale)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </TextsProvider>
      </StylesheetProvider>
    </NonceProvider>
  );
  if (isSameForEveryGuest(request, responseStatusCode, responseHeaders, remixContext)) {
    if (mayShareDrawing(remixContext)) responseHeaders.set(SHARED_DRAWING_HEADER, "1");
    return renderForEveryGuest(request, page, responseHeaders, nonce);
  }
  if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", PERSONAL_CACHE_CONTROL);

  // Robots get the whole page at once, drawn whole like a guest's shared
  // page, so it carries only the rules its markup uses: a crawler walks the
  // long tail of listings, each drawn for it alone.
  if (isbot(request.headers.get("user-agent"))) {
    return renderWhole(page, nonce).then(({ html, failed }) => {
      responseHeaders.set("Content-Type", HTML);
      return new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
    });
  }

  // A person's own page (signed in, or with a cart) is sent whole too, with
  // only its own rules, when it is all drawn within WHOLE_WITHIN_MS of its
  // shell, as a page without a part still loading is; one still waiting for
  // a part streams its shell at once, with the whole sheet, as before.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let streamLater: ReturnType<typeof setTimeout> | undefined;
    const stream = () => {
      streamLater = undefined;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", HTML);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        shellRendered = true;
        streamLater = setTimeout(stream, WHOLE_WITHIN_MS);
      },
      onAllReady() {
        clearTimeout(abortLater);
        // Past the wait the page is already streaming.
        if (streamLater === undefined) return;
        clearTimeout(streamLater);
        void wholePage(pipe, responseStatusCode === 500).then((html) => {
          responseHeaders.set("Content-Type", HTML);
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
      },
      onShellError(error: unknown) {
        clearTimeout(abortLater);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reach handleError through Remix.
        if (shellRendered) logger.error({ err: error }, "Streaming render failed");
      },
    });
    // A render drawn to its end needs no abort: the timer would hold it for seconds more.
    const abortLater = setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}

/**
 * A page the same for every guest: rendered whole, so that guests asking
 * for it at once can be sent the one drawing (decision 034) and, when a
 * shared cache may keep it, its ETag can be worked out before it is sent
 * and one who holds it already answered 304 (decision 025).
 */
async function renderForEveryGuest(request: Request, page: React.ReactElement, headers: Headers, nonce: string) {
  const kept = mayBeKeptByCaches(headers);
  const { html, failed } = await renderWhole(page, nonce);
  headers.set("Content-Type", HTML);
  if (failed) {
    headers.set("cache-control", PERSONAL_CACHE_CONTROL);
    headers.delete(SHARED_DRAWING_HEADER);
    return new Response(html, { headers, status: 500 });
  }
  if (!kept) {
    headers.set("cache-control", PERSONAL_CACHE_CONTROL);
    return new Response(html, { headers, status: 200 });
  }
  const etag = pageEtag(html, nonce);
  headers.set("etag", etag);
  headers.set("cache-control", GUEST_CACHE_CONTROL);
  headers.append("vary", "Cookie");
  if (isNotModified(request, etag)) {
    headers.delete("Content-Type");
    return new Response(null, { headers, status: 304 });
  }
  return new Response(html, { headers, status: 200 });
}

/**
 * A page rendered to its end before a byte is sent, with only the rules its
 * markup uses (decision 044; the browser links the rest for what its
 * scripts draw). `failed`: a part of it could not be drawn on the server.
 */
function renderWhole(page: React.ReactElement, nonce: string) {
  return new Promise<{ html: Buffer<ArrayBuffer>; failed: boolean }>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        clearTimeout(abortLater);
        void wholePage(pipe, failed).then((html) => resolve({ html, failed }));
      },
      onShellError(error: unknown) {
        clearTimeout(abortLater);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        logger.error({ err: error }, "Rendering a page failed");
      },
    });
    const abortLater = setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}

/**
 * What a render that is all ready pipes, as one buffer, with only the rules
 * its markup uses unless a part of it `failed` (decision 044). Kept as bytes
 * from the render to the socket: as a string a page (150 KB and more) was
 * copied four times on the way, into the large object space the garbage
 * collector marks as a whole.
 */
function wholePage(pipe: (sink: Writable) => unknown, failed: boolean) {
  return new Promise<Buffer<ArrayBuffer>>((resolve) => {
    // React writes a page in 2 KB pieces and never reuses one it has
    // written; a stream between it and this list would pass each through
    // its machinery, and on closing make React end it a second time, which
    // builds an error with its stack (docs/server-time.md, twelfth round).
    const chunks: Uint8Array[] = [];
    const sink = {
      write: (chunk: Uint8Array) => chunks.push(chunk) > 0,
      end: () => {
        const drawn = Buffer.concat(chunks);
        resolve(failed ? drawn : withPageStylesheet(drawn));
      },
      on: () => sink,
    };
    pipe(sink as unknown as Writable);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a shopper navigating away) are not errors.
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url }, "Request failed");
  reportServerError(error);
};
