import { describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE, balanceEntryLabelKey, balanceEntryOrderNumber, isKnownBalanceKind } from "~/models/balance/balance-entry";
import en from "~/locales/en";
import { listingFeeFor, LISTING_FEE_MINOR } from "./fee";

const EUR = { id: 1, iso_code: "EUR" };
const USD = { id: 2, iso_code: "USD" };

describe("the listing fee", () => {
  it("is billed in the site's euro, else its first currency, at that currency's amount", () => {
    expect(listingFeeFor([USD, EUR])).toEqual({ currency: EUR, feeMinor: LISTING_FEE_MINOR.EUR });
    expect(listingFeeFor([USD])).toEqual({ currency: USD, feeMinor: LISTING_FEE_MINOR.USD });
    expect(LISTING_FEE_MINOR.EUR).toBe(490);
  });

  it("is none on a site without a currency that has a fee", () => {
    expect(listingFeeFor([])).toBeNull();
    expect(listingFeeFor([{ id: 9, iso_code: "JPY" }])).toBeNull();
  });

  it("is whole minor units in every currency", () => {
    for (const amount of Object.values(LISTING_FEE_MINOR)) expect(Number.isSafeInteger(amount) && amount > 0).toBe(true);
  });
});

describe("the listing fee in the balance history", () => {
  it("is named paid for or refunded for a listing fee, numbered LF and the listing's id", () => {
    const label = (type: number) => balanceEntryLabelKey({ rel_type: BALANCE_REL_TYPE.listingFee, type });
    const text = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
    expect(text(label(BALANCE_TYPE.deduction))).toBe("Paid for listing fee");
    expect(text(label(BALANCE_TYPE.addition))).toBe("Refund for listing fee");
    expect(isKnownBalanceKind(BALANCE_REL_TYPE.listingFee, BALANCE_TYPE.deduction)).toBe(true);
    const entry = { id: 1, rel_type: BALANCE_REL_TYPE.listingFee, type: BALANCE_TYPE.deduction, rel_id: 42, quote_slug: null, payment_processor_name: null, payment_processor_transaction_id: null };
    expect(balanceEntryOrderNumber(entry)).toBe("LF42");
  });
});
