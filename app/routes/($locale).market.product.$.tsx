import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localeParam } from "~/platform/locale-param";

// /market/product/{slug} is the older address of a product page; one
// permanent redirect keeps a single URL per product for shoppers and bots.
export function loader({ params, request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/${localeParam(params)}/p/${params["*"] ?? ""}${search}`, 301);
}
