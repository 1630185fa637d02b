import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderFormHeader, QuoteRowsEditor } from "~/components/quotes/QuoteRowsEditor";
import { useTranslation } from "~/hooks/use-translation";
import { emptyRow, readRows, withEmptyRow, withoutRow, type QuoteRowInput } from "~/models/quotes/quote-form";
import { quoteEditorData } from "~/web/quotes/quote-editor.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /order-form (spec 2, order-form-auth): the customer pastes links of goods
// from foreign shops. "Add another link" and "Remove" post here and get the
// rows back as typed; "Check and continue" posts to /order-form/summary,
// which checks them. A guest signs in first and comes back.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("quotes.formTitle"), ...(await quoteEditorData(request)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const form = await request.formData();
  const rows = readRows(form);
  const intent = String(form.get("intent") ?? "");
  const remove = /^remove:(\d{1,2})$/.exec(intent);
  const next: QuoteRowInput[] = intent === "add" ? withEmptyRow(rows) : remove ? withoutRow(rows, Number(remove[1])) : rows.length ? rows : [emptyRow()];
  // The nonce starts the editor afresh with the rows the server sent back.
  return data({ rows: next, nonce: crypto.randomUUID() });
}

export default function OrderForm() {
  const { title, stores, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <OrderFormHeader title={title} intro={t("quotes.formIntro")} />
      <QuoteRowsEditor key={answer?.nonce ?? "start"} rows={answer?.rows ?? [emptyRow()]} stores={stores} currency={currency} />
    </div>
  );
}
