import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult, paymentResultMeta } from "~/components/payments/PaymentResult";
import { paymentResultPage } from "~/web/payments/result-page.server";
import { privatePage } from "~/web/private-page";

// /payment/accept, /payment/decline and /payment/fail (spec 2): where a
// processor sends the shopper back, one module for the three addresses
// (app/routes.ts); the last part of the address says which page it is. See
// result-page.server.ts.
export const headers = privatePage.headers;
export const meta: MetaFunction<typeof loader> = (args) => paymentResultMeta(args.data?.result, privatePage.meta(args));

export async function loader({ request, params }: LoaderFunctionArgs) {
  return paymentResultPage(request, params);
}

export default function PaymentReturnPage() {
  const { result, retryRefused } = useLoaderData<typeof loader>();
  return <PaymentResult result={result} retryRefused={retryRefused} />;
}
