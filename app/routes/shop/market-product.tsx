import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localeParam } from "~/web/locale-param";

// /market/product/{slug} is the older address of a product page; one
// permanent redirect keeps a single URL per product for shoppers and bots.
export function loader({ params, request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  // The splat arrives decoded; a header holds only the encoded form.
  const slug = (params["*"] ?? "").split("/").map(encodeURIComponent).join("/");
  return redirect(`/${localeParam(params)}/p/${slug}${search}`, 301);
}
