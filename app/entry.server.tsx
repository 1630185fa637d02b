import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { TextsProvider } from "./hooks/use-translation";
import { localeFromRequest, translationsFor } from "./platform/i18n.server";
import { logger } from "./platform/logger.server";
import { reportServerError } from "./platform/sentry.server";
import { NonceProvider } from "./platform/nonce";
import { StylesheetProvider } from "./platform/stylesheet";
import { stylesheet } from "./platform/stylesheet.server";

const ABORT_DELAY_MS = 5_000;

export const streamTimeout = ABORT_DELAY_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string },
) {
  const nonce = loadContext.cspNonce ?? "";

  // Bots get the whole page at once; people get it streamed as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          {/* The texts for a page whose root loader failed; root.tsx gives them otherwise. */}
          <TextsProvider texts={translationsFor(localeFromRequest(request))}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
          </TextsProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reach handleError through Remix.
          if (shellRendered) logger.error({ err: error }, "Streaming render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a shopper navigating away) are not errors.
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url }, "Request failed");
  reportServerError(error);
};
