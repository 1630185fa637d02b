import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderFormPage } from "~/components/quotes/QuoteRowsEditor";
import { QuoteRequestSchema } from "~/models/quotes/quote-form";
import { replyAsTyped } from "~/web/form-reply.server";
import { quoteEditorData } from "~/web/quotes/quote-editor.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /order-form (spec 2, order-form-auth): the customer pastes links of goods
// from foreign shops. "Check and continue" posts to /order-form/summary,
// which checks them; "Edit" there posts the rows back here, as typed. A
// guest signs in first and comes back.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("quotes.formTitle"), ...(await quoteEditorData(request)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  return replyAsTyped(await request.formData(), QuoteRequestSchema);
}

export default function OrderForm() {
  const { title, stores, currency } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <OrderFormPage title={title} lastResult={lastResult} stores={stores} currency={currency} />;
}
