import { describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE, balanceEntryLabelKey, isKnownBalanceKind, showBalanceEntry } from "./balance-entry";
import en from "~/locales/en";

type Entry = Parameters<typeof showBalanceEntry>[0];

/** How the balance pages show an entry of these fields. */
function shown(fields: Partial<Entry>) {
  const entry: Entry = {
    id: 7,
    rel_type: BALANCE_REL_TYPE.manualByAdmin,
    type: BALANCE_TYPE.addition,
    rel_id: null,
    quote_slug: null,
    payment_processor_name: null,
    payment_processor_transaction_id: null,
    created_at: new Date("2026-01-01T00:00:00Z"),
    amount_minor: 0,
    ...fields,
  };
  return showBalanceEntry(entry);
}

const { quote, forwardRequest, manualByAdmin, topUp, miscInvoice } = BALANCE_REL_TYPE;
const { addition, deduction } = BALANCE_TYPE;

describe("balance entry enumerations", () => {
  it("match spec 3, plus the marketplace order of decision 020 and the listing fee of decision 030", () => {
    expect(BALANCE_REL_TYPE).toEqual({ quote: 0, forwardRequest: 1, manualByAdmin: 2, topUp: 3, miscInvoice: 4, marketplaceOrder: 5, listingFee: 6 });
    expect(BALANCE_TYPE).toEqual({ addition: 1, deduction: 2 });
  });
});

describe("balance entry labels", () => {
  it("name each of the eight movements of spec 3", () => {
    const cases: [number, number, string][] = [
      [quote, addition, "Refund for quote"],
      [forwardRequest, addition, "Refund for forward request"],
      [miscInvoice, deduction, "Paid for misc invoice"],
      [quote, deduction, "Paid for quote"],
      [forwardRequest, deduction, "Paid for forward request"],
      [manualByAdmin, addition, "Manual top-up by admin"],
      [manualByAdmin, deduction, "Manual deduction by admin"],
      [topUp, addition, "Top-up"],
    ];
    for (const [rel_type, type, text] of cases) {
      const key = balanceEntryLabelKey({ rel_type, type });
      expect(key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en), key).toBe(text);
      expect(isKnownBalanceKind(rel_type, type)).toBe(true);
    }
  });

  it("call any other pair a plain balance change, and the ledger does not know it", () => {
    for (const [rel_type, type] of [
      [topUp, deduction],
      [miscInvoice, addition],
      [9, addition],
      [quote, 3],
    ]) {
      expect(balanceEntryLabelKey({ rel_type: rel_type!, type: type! })).toBe("balance.kinds.other");
      expect(isKnownBalanceKind(rel_type!, type!)).toBe(false);
    }
    expect(en.balance.kinds.other).toBeTruthy();
  });
});

describe("balance entry order numbers", () => {
  it("are QU plus the id for quotes, paid or refunded", () => {
    expect(shown({ rel_type: quote, type: deduction, rel_id: 42, quote_slug: "qu-ab12" }).orderNumber).toBe("QU42");
    expect(shown({ rel_type: quote, type: addition, rel_id: 42 }).orderNumber).toBe("QU42");
  });

  it("are FR plus the id for forward requests", () => {
    expect(shown({ rel_type: forwardRequest, type: deduction, rel_id: 9 }).orderNumber).toBe("FR9");
    expect(shown({ rel_type: forwardRequest, type: addition, rel_id: 9 }).orderNumber).toBe("FR9");
  });

  it("are the processor's transaction id for top-ups", () => {
    expect(
      shown({ rel_type: topUp, payment_processor_name: "Card", payment_processor_transaction_id: "ch_123" }).orderNumber,
    ).toBe("ch_123");
    expect(shown({ rel_type: topUp, payment_processor_name: "Card" }).orderNumber).toBeNull();
  });

  it("are not shown for manual changes, even with an id or a transaction id", () => {
    expect(shown({ rel_type: manualByAdmin, rel_id: 5, payment_processor_transaction_id: "x" }).orderNumber).toBeNull();
  });

  it("are the invoice's own number for misc invoices, never one made up from the id", () => {
    expect(shown({ rel_type: miscInvoice, type: deduction, rel_id: 4101, invoice_number: "2026-000007" }).orderNumber).toBe("2026-000007");
    expect(shown({ rel_type: miscInvoice, type: deduction, rel_id: 4101 }).orderNumber).toBeNull();
  });

  it("are not made up when a quote or forward request has no id", () => {
    expect(shown({ rel_type: quote, type: deduction }).orderNumber).toBeNull();
    expect(shown({ rel_type: forwardRequest, type: deduction }).orderNumber).toBeNull();
  });
});

describe("balance entry links", () => {
  it("lead quotes to /quotes/{slug}", () => {
    expect(shown({ rel_type: quote, type: deduction, rel_id: 42, quote_slug: "qu-ab12" }).href).toBe("/quotes/qu-ab12");
    expect(shown({ rel_type: quote, type: addition, rel_id: 42, quote_slug: "a b" }).href).toBe("/quotes/a%20b");
  });

  it("lead misc invoices to /invoice/{id}", () => {
    expect(shown({ rel_type: miscInvoice, type: deduction, rel_id: 7, invoice_number: "2026-000003" }).href).toBe("/invoice/7");
    expect(shown({ rel_type: miscInvoice, type: deduction, rel_id: 7 }).href).toBeNull();
  });

  it("are absent for a quote without a slug and for everything else", () => {
    expect(shown({ rel_type: quote, type: deduction, rel_id: 42 }).href).toBeNull();
    expect(shown({ rel_type: forwardRequest, type: deduction, rel_id: 9, quote_slug: "fr-1" }).href).toBeNull();
    expect(shown({ rel_type: topUp, payment_processor_transaction_id: "ch_1" }).href).toBeNull();
  });
});

describe("balance entry processor names", () => {
  it("are shown only for top-ups", () => {
    expect(shown({ rel_type: topUp, payment_processor_name: "Online wallet" }).processor).toBe("Online wallet");
    expect(shown({ rel_type: topUp }).processor).toBeNull();
    for (const rel_type of [quote, forwardRequest, manualByAdmin, miscInvoice]) {
      expect(shown({ rel_type, payment_processor_name: "Card" }).processor).toBeNull();
    }
  });
});

describe("balance entry ids, dates and amounts", () => {
  it("show the id as ID plus the id", () => {
    expect(shown({ id: 123 }).displayId).toBe("ID123");
  });

  it("show the date with the time, yyyy-MM-dd HH:mm", () => {
    expect(shown({ created_at: new Date("2026-02-03T04:05:59Z") }).date).toBe("2026-02-03 04:05");
    expect(shown({ created_at: "2025-12-31T23:59:00.000Z" }).date).toBe("2025-12-31 23:59");
  });

  it("sign additions positive and deductions negative", () => {
    expect(shown({ type: addition, amount_minor: 1250 }).signedAmount).toBe(1250);
    expect(shown({ type: deduction, amount_minor: 1250 }).signedAmount).toBe(-1250);
  });
});
