import { db } from "~/models/db/db.server";
import type { PaymentProcessorKey } from "~/models/db/schema";
import { effectiveProcessor } from "./processors.server";

// The payment methods a site offers in a language (spec 3 payment_methods:
// id, fee, fee_type), each with the processor that takes it here.

export type PaymentMethodView = { id: 1 | 2 | 3 | 4; fee: string; fee_type: "fixed" | "percentage" };
export type PaymentMethod = PaymentMethodView & { processor: PaymentProcessorKey | "balance" };

export async function paymentMethods(siteId: number, language: string): Promise<PaymentMethod[]> {
  const rows = await db()
    .selectFrom("payment_methods")
    .select(["provider", "fee", "fee_type", "processor", "languages"])
    .where("site_id", "=", siteId)
    .orderBy("position")
    .execute();
  return rows
    .filter((row) => !row.languages || row.languages.includes(language))
    .map((row) => ({
      id: row.provider,
      fee: String(row.fee),
      fee_type: row.fee_type,
      processor: row.processor === "balance" ? "balance" : effectiveProcessor(row.processor),
    }));
}

/** What the browser is shown of the methods: never which processor is behind them. */
export function methodViews(methods: PaymentMethod[]): PaymentMethodView[] {
  return methods.map(({ id, fee, fee_type }) => ({ id, fee, fee_type }));
}
