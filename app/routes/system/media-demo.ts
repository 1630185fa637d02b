import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoImageSvg } from "~/models/demo-data/demo-image";

// The demo catalogue's pictures, drawn on request from their name, so a fresh
// checkout has images without downloading any.
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([a-z0-9-]+)-(\d{1,3})\.svg$/.exec(params.name ?? "");
  if (!match) return new Response("Not found", { status: 404 });
  return new Response(demoImageSvg(match[1]!, Number(match[2])), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
