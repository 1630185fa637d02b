import * as v from "valibot";
import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { toDecimalString } from "~/lib/money";
import { BALANCE_MAX_PAGE_SIZE, getBalanceEntry, listBalanceHistory, type BalanceEntry } from "~/models/balance/balance.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// POST /api/balance/get-history {page?, per_page?, id?}: the signed-in
// user's balance and its history, newest first (spec 7), or with `id` just
// that one entry. Amounts are decimal strings of EUR ("12.50"), never floats.

/** A whole number from 1 up, as a JSON number or a string of digits. */
const PositiveInteger = v.pipe(
  v.union([v.number("api.badInput"), v.pipe(v.string("api.badInput"), v.regex(/^\d{1,15}$/, "api.badInput"), v.transform(Number))], "api.badInput"),
  v.integer("api.badInput"),
  v.minValue(1, "api.badInput"),
  v.maxValue(Number.MAX_SAFE_INTEGER, "api.badInput"),
);

const HistorySchema = v.object(
  {
    page: v.optional(PositiveInteger),
    per_page: v.optional(v.pipe(PositiveInteger, v.maxValue(BALANCE_MAX_PAGE_SIZE, "api.badInput"))),
    id: v.optional(PositiveInteger),
  },
  "api.badInput",
);

/** An entry in the spec's field names. */
function entryJson(entry: BalanceEntry) {
  return {
    id: entry.id,
    rel_type: entry.rel_type,
    type: entry.type,
    rel_id: entry.rel_id,
    quote_slug: entry.quote_slug,
    payment_processor_name: entry.payment_processor_name,
    payment_processor_transaction_id: entry.payment_processor_transaction_id,
    created_at: entry.created_at.toISOString(),
    starting_balance: toDecimalString(entry.starting_balance_minor),
    end_balance: toDecimalString(entry.end_balance_minor),
    amount: toDecimalString(entry.amount_minor),
  };
}

export const action = apiHandler(async ({ request, t }) => {
  const user = await getSessionUser(request);
  if (!user) return apiError(401, t("api.unauthorized"));
  const body = await readJsonBody(request, HistorySchema, t);

  if (body.id !== undefined) {
    const entry = await getBalanceEntry(user.id, body.id);
    if (!entry) return apiError(404, t("balance.notFound"));
    return apiOk({ item: entryJson(entry) });
  }

  const history = await listBalanceHistory(user.id, { page: body.page, perPage: body.per_page });
  return apiOk({
    balance: toDecimalString(history.balance_minor),
    currency: "EUR",
    items: history.items.map(entryJson),
    total: history.total,
    page: history.page,
    per_page: history.per_page,
    pages: history.pages,
  });
});

export const loader = methodNotAllowed;
