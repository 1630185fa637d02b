import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { ImageError, parseImageRequest, renderedImage } from "~/web/image-proxy.server";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";

// The URL names every parameter of the output, format included, so a
// rendered image never changes and may be cached for good by browsers and
// any CDN in front of the shop.
const CACHE_FOREVER = "public, max-age=31536000, immutable";

function plainText(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

function matchesEtag(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim().replace(/^W\//, "");
    return candidate === etag || candidate === "*";
  });
}

// GET /img?src=…&p=card&w=400&dpr=2, or its short form for a preset and a
// local picture, /img/card/400x2/media/…: see app/lib/image.ts.
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { src, image } = parseImageRequest(new URL(request.url));
    const output = await renderedImage(src, image, { allowedHosts: env().IMAGE_ALLOWED_HOSTS });
    const etag = output.etag;
    if (matchesEtag(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: { etag, "cache-control": CACHE_FOREVER } });
    }
    return new Response(new Uint8Array(output.body), {
      headers: {
        "content-type": output.contentType,
        "content-length": String(output.body.byteLength),
        "cache-control": CACHE_FOREVER,
        etag,
      },
    });
  } catch (error) {
    if (error instanceof ImageError) return plainText(error.status, error.message);
    logger.error({ err: error, url: request.url }, "Image could not be rendered");
    reportServerError(error);
    return plainText(500, "The image could not be rendered");
  }
}
