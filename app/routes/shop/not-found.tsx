import { data, type MetaFunction } from "@remix-run/node";
import { notFoundOrErrorMeta } from "~/web/meta";
import { NotFoundPage } from "~/components/NotFoundPage";

export const meta: MetaFunction = ({ matches }) => notFoundOrErrorMeta(matches, true);

// /404 shows the shop's "Page not found" page with status 404.
export function loader() {
  return data(null, { status: 404 });
}

export default NotFoundPage;
