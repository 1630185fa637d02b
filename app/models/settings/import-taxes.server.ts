import { changedSince, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";

// A destination's import taxes as staff keep them (the back office's
// /admin/settings/taxes/…): VAT and duty in per cent and the declared value
// up to which goods pay no duty. The calculator's landed cost reads them on
// every calculation (calculator.server.ts), so a saved rate prices the next
// one. A country's customs union is not edited here: it says which
// countries charge each other nothing, a fact of law, not a rate.

/** Per cent as the database keeps it: "21.00". */
export type ImportTax = { vatRate: string; dutyRate: string; dutyFreeMinor: number };

/** Every destination with import taxes, by ISO code; or one. */
export async function staffImportTaxes(country?: string) {
  let query = db()
    .selectFrom("import_taxes as t")
    .innerJoin("countries as c", "c.id", "t.country_id")
    .select(["c.iso_code as country", "c.name", "t.customs_union", "t.vat_rate", "t.duty_rate", "t.duty_free_minor", "t.updated_at"]);
  if (country !== undefined) query = query.where("c.iso_code", "=", country);
  const rows = await query.orderBy("c.iso_code").execute();
  return rows.map((row) => ({
    country: row.country,
    name: row.name,
    customsUnion: row.customs_union,
    vatRate: Number(row.vat_rate).toFixed(2),
    dutyRate: Number(row.duty_rate).toFixed(2),
    dutyFreeMinor: Number(row.duty_free_minor),
    updatedAt: row.updated_at,
  }));
}

export type ImportTaxOutcome = { ok: true } | { ok: false; error: "not_found" } | StaleEdit;

/** A destination's taxes; `seen` is the version the page showed. Audited with before and after. */
export async function saveImportTax(actor: StaffActor, country: string, tax: ImportTax, seen: Date | undefined): Promise<ImportTaxOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<ImportTaxOutcome> => {
      const before = await trx
        .selectFrom("import_taxes as t")
        .innerJoin("countries as c", "c.id", "t.country_id")
        .select(["t.country_id", "t.vat_rate", "t.duty_rate", "t.duty_free_minor", "t.updated_at"])
        .where("c.iso_code", "=", country)
        .forUpdate("t")
        .executeTakeFirst();
      if (!before) return { ok: false, error: "not_found" };
      if (changedSince(before, seen)) return staleEdit(trx, "import_taxes", country);
      await trx
        .updateTable("import_taxes")
        .set({ vat_rate: tax.vatRate, duty_rate: tax.dutyRate, duty_free_minor: tax.dutyFreeMinor, updated_at: new Date() })
        .where("country_id", "=", before.country_id)
        .execute();
      await recordAudit(trx, actor, {
        action: "settings.import_taxes",
        entity: "import_taxes",
        entityId: country,
        before: { vatRate: Number(before.vat_rate).toFixed(2), dutyRate: Number(before.duty_rate).toFixed(2), dutyFreeMinor: Number(before.duty_free_minor) },
        after: tax,
      });
      return { ok: true };
    });
}
