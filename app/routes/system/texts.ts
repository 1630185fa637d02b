import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/lib/i18n";
import { isNotModified } from "~/web/guest-cache.server";
import { textsFile } from "~/platform/page-texts.server";

// GET /texts/{language}.{hash}.json: a language's texts for the browser
// (platform/page-texts.tsx). The current name is kept for a year; an older
// one, asked for by a page drawn before the texts changed, gets today's
// texts and is not kept, so the page still hydrates with words.
export function loader({ params, request }: LoaderFunctionArgs) {
  const [, locale, hash] = /^([a-z]{2})\.([0-9a-f]{16})\.json$/.exec(params.file ?? "") ?? [];
  if (!isLocale(locale)) throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-cache" } });
  const file = textsFile(locale);
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": hash === file.hash ? "public, max-age=31536000, immutable" : "no-cache",
    ETag: `"${file.hash}"`,
  };
  if (isNotModified(request, headers.ETag)) return new Response(null, { status: 304, headers });
  return new Response(file.json, { headers });
}
