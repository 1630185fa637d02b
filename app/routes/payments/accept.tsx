import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult, paymentResultMeta } from "~/components/payments/PaymentResult";
import { paymentResultPage } from "~/web/payments/result-page.server";
import { privatePage } from "~/web/private-page";

// /payment/accept (spec 2, payment-accept guard): where a processor sends the shopper back; see result-page.server.ts.
export const headers = privatePage.headers;
export const meta: MetaFunction<typeof loader> = (args) => paymentResultMeta(args.data?.result, privatePage.meta(args));

export async function loader({ request, params }: LoaderFunctionArgs) {
  return paymentResultPage(request, params, "accept");
}

export default function PaymentReturnPage() {
  const { result, retryRefused } = useLoaderData<typeof loader>();
  return <PaymentResult result={result} retryRefused={retryRefused} />;
}
