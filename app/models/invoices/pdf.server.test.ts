import { describe, expect, it } from "vitest";
import { translate, type Texts } from "~/lib/texts";
import en from "~/locales/en";
import lt from "~/locales/lt";
import { invoiceDocument } from "./document";
import type { InvoiceView } from "./invoices.server";
import { mappedCharacters, pdfTitle } from "./pdf-text";
import { renderInvoicePdf } from "./pdf.server";
import { sellerFor } from "./seller";
import { invoiceTotals } from "./totals";

const BALTIC = "ąčęėįšųūžāēģīķļņōõäöüĄČĘĖĮŠŲŪŽ";

function view(description: string): InvoiceView {
  const lines = [
    { description, quantity: 1, unitMinor: 600, vatRate: "21" },
    { description: "Repacking", quantity: 2, unitMinor: 350, vatRate: "21" },
  ];
  return {
    id: 7,
    number: "2026-000042",
    status: "issued",
    currency: "EUR",
    issuedAt: new Date("2026-03-01T10:00:00Z"),
    dueAt: new Date("2026-03-15T10:00:00Z"),
    paidAt: null,
    declinedAt: null,
    seller: sellerFor("lv"),
    buyer: { name: "Eglė Jankauskienė", email: "egle@example.com", address: "Žalgirio g. 1, 09300 Vilnius, Lithuania" },
    lines,
    totals: invoiceTotals(lines),
    payable: true,
    paymentPending: false,
  };
}

async function render(texts: Texts, description: string) {
  const t = (key: string, values?: Record<string, string | number>) => translate(texts, key, values);
  return renderInvoicePdf(invoiceDocument(view(description), t, "en"), t, "en");
}

describe("renderInvoicePdf", () => {
  it("makes a PDF titled with the invoice's number", async () => {
    const pdf = await render(en as unknown as Texts, "Storage of a parcel, 12 days");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(pdf.length).toBeGreaterThan(5_000);
    // The fonts go in as subsets: a whole DejaVu Sans is 750 KB.
    expect(pdf.length).toBeLessThan(200_000);
    expect(pdfTitle(pdf)).toBe("Invoice 2026-000042");
  });

  it("embeds the glyphs of every Lithuanian, Latvian and Estonian letter it writes", async () => {
    const pdf = await render(lt as unknown as Texts, `Saugojimas ${BALTIC}`);
    const mapped = mappedCharacters(pdf);
    for (const letter of `${BALTIC}Saugojimas`) expect(mapped, letter).toContain(letter);
    expect(pdfTitle(pdf)).toBe("Sąskaita faktūra 2026-000042");
  });
});
