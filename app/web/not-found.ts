import { data } from "@remix-run/node";
import type { NotFoundData } from "./not-found-data";

// Spec 8 names two kinds of 404. An unmatched path is "non-fatal": the shop's
// header and footer stay and the page says "Page not found". A route whose own
// check on its parameters fails is "fatal": the full error screen says
// "Page Not Found: {path}".

function pathOf(request: Request) {
  const url = new URL(request.url);
  return url.pathname;
}

export function notFound(request: Request) {
  return data<NotFoundData>({ notFound: true, fatal: false, path: pathOf(request) }, { status: 404 });
}

export function routeCheckFailed(request: Request) {
  return data<NotFoundData>({ notFound: true, fatal: true, path: pathOf(request) }, { status: 404 });
}
