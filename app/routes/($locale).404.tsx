import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/not-found";

// /404 answers the shop's "Page not found" page with status 404.
export async function loader({ request }: LoaderFunctionArgs) {
  throw notFound(request);
}
