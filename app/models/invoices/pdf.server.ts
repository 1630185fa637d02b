import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "./document";

// The invoice as a PDF (decision 028): A4, the same words as the page, in
// DejaVu Sans embedded (subset) so ą č ę ė į š ų ū ž ā ē ģ ī ķ ļ ņ õ ä ö ü
// print as themselves. pdfkit's own fonts (Helvetica…) carry Latin-1 only.

type T = (key: string, values?: Record<string, string | number>) => string;

const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * The fonts beside this module; a server bundle no longer sits beside them,
 * so the copy in the checkout the server runs from is the fallback.
 */
function loadFonts() {
  if (fonts) return fonts;
  const candidates = [fileURLToPath(new URL("./fonts/", import.meta.url)), resolve(process.cwd(), "app/models/invoices/fonts")];
  const dir = candidates.find((candidate) => existsSync(resolve(candidate, FONT_FILES.regular)));
  if (!dir) throw new Error(`The invoice fonts are missing; looked in ${candidates.join(", ")}`);
  fonts = { regular: readFileSync(resolve(dir, FONT_FILES.regular)), bold: readFileSync(resolve(dir, FONT_FILES.bold)) };
  return fonts;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - MARGIN * 2;
const INK = "#111111";
const MUTED = "#555555";

type Column = { key: keyof InvoiceDocument["lines"][number]; label: string; width: number; align: "left" | "right" };

export async function renderInvoicePdf(invoice: InvoiceDocument, t: T, lang: string): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    font: regular,
    lang,
    displayTitle: true,
    info: {
      Title: t(invoice.credits ? "invoice.creditNoteTitle" : "invoice.title", { number: invoice.number }),
      Author: invoice.seller.name,
      Subject: t(invoice.credits ? "invoice.creditNote" : "invoice.document"),
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolvePdf(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const { credits } = invoice;
  doc.fillColor(INK).font("bold").fontSize(18).text(t(credits ? "invoice.creditNote" : "invoice.document"), MARGIN, MARGIN);
  doc.font("regular").fontSize(11).text(`${t(credits ? "invoice.creditNoteNumber" : "invoice.number")}: ${invoice.number}`);
  doc.fillColor(MUTED).fontSize(9);
  if (credits) {
    // A credit note has no due date nor a status: it states what it takes back, and why.
    doc.text(`${t("invoice.issued")}: ${invoice.issued}   ${t("invoice.creditsInvoice")}: ${credits.invoice}`);
    if (credits.reason) doc.text(`${t("invoice.creditReason")}: ${credits.reason}`);
  } else {
    doc.text(`${t("invoice.issued")}: ${invoice.issued}   ${t("invoice.due")}: ${invoice.due}${invoice.paid ? `   ${t("invoice.paidOn")}: ${invoice.paid}` : ""}`);
    doc.text(`${t("invoice.status")}: ${invoice.statusLabel}`);
  }

  // Seller and buyer side by side.
  const partiesTop = doc.y + 16;
  const half = CONTENT / 2 - 8;
  const party = (x: number, title: string, rows: string[]) => {
    doc.fillColor(INK).font("bold").fontSize(10).text(title, x, partiesTop, { width: half });
    doc.font("regular").fontSize(9);
    for (const row of rows.filter(Boolean)) doc.text(row, x, doc.y, { width: half });
    return doc.y;
  };
  const { seller, buyer } = invoice;
  const sellerBottom = party(MARGIN, t("invoice.seller"), [
    seller.name,
    seller.address,
    `${t("invoice.companyCode")}: ${seller.companyCode}`,
    `${t("invoice.vatCode")}: ${seller.vatCode}`,
  ]);
  const buyerBottom = party(MARGIN + half + 16, t("invoice.buyer"), [buyer.name, buyer.address, `${t("invoice.buyerEmail")}: ${buyer.email}`]);
  doc.y = Math.max(sellerBottom, buyerBottom) + 20;

  const columns: Column[] = [
    { key: "description", label: t("invoice.description"), width: 155, align: "left" },
    { key: "quantity", label: t("invoice.quantity"), width: 40, align: "right" },
    { key: "unit", label: t("invoice.unitPrice"), width: 62, align: "right" },
    { key: "net", label: t("invoice.net"), width: 62, align: "right" },
    { key: "vatRate", label: t("invoice.vatRate"), width: 48, align: "right" },
    { key: "vat", label: t("invoice.vat"), width: 62, align: "right" },
    { key: "gross", label: t("invoice.gross"), width: CONTENT - 155 - 40 - 62 * 3 - 48, align: "right" },
  ];
  const rule = () => {
    doc.lineWidth(0.5).strokeColor("#999999").moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT, doc.y).stroke();
    doc.y += 4;
  };
  const row = (cells: string[], font: "regular" | "bold", ruled = true) => {
    doc.font(font).fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell || " ", { width: columns[i]!.width - 6 })));
    if (doc.y + height > A4.height - MARGIN - 90) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell) doc.fillColor(INK).text(cell, x + (column.align === "right" ? 6 : 0), top, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc.y = top + height + 4;
    if (ruled) rule();
  };

  row(
    columns.map((column) => column.label),
    "bold",
  );
  for (const line of invoice.lines) row(columns.map((column) => line[column.key]), "regular");

  // The VAT summary, its amounts under the table's net, rate, VAT and gross columns.
  doc.y += 10;
  doc.font("bold").fontSize(10).fillColor(INK).text(t("invoice.vatSummary"), MARGIN, doc.y);
  doc.y += 2;
  row(["", "", "", t("invoice.net"), t("invoice.vatRate"), t("invoice.vat"), t("invoice.gross")], "bold", false);
  for (const rate of invoice.rates) row(["", "", "", rate.net, rate.vatRate, rate.vat, rate.gross], "regular", false);

  doc.y += 10;
  const total = (label: string, value: string, font: "regular" | "bold") => {
    const top = doc.y;
    doc.font(font).fontSize(font === "bold" ? 11 : 9.5).fillColor(INK);
    doc.text(label, MARGIN + CONTENT / 2, top, { width: CONTENT / 4, align: "left" });
    doc.text(value, MARGIN + (CONTENT * 3) / 4, top, { width: CONTENT / 4, align: "right" });
    doc.y = Math.max(doc.y, top) + 3;
  };
  total(t("invoice.totalNet"), invoice.totals.net, "regular");
  total(t("invoice.totalVat"), invoice.totals.vat, "regular");
  total(t(credits ? "invoice.creditTotal" : "invoice.totalGross"), invoice.totals.gross, "bold");

  doc.end();
  return done;
}
