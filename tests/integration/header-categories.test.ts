import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { loader, shouldRevalidate } from "~/routes/($locale)";

beforeAll(async () => {
  await seedDemoData(db(), { products: 50, seed: 3 });
});

async function headerCategories() {
  const data = await loader({ request: new Request("http://localhost/en/marketplace"), params: { locale: "en" }, context: {} });
  return data.shell.categories.map((c) => c.name);
}

describe("the header's categories", () => {
  it("are read again on every navigation, so a new category tree shows at the next click", async () => {
    const before = await headerCategories();
    expect(before.length).toBeGreaterThan(0);
    // An operator publishes a new tree under a new category doc key.
    await sql`update category_translations set name = 'Renamed ' || name where language_id = 1`.execute(db());
    await sql`update sites set category_doc_key = 'categories-v2'`.execute(db());

    const navigation = {
      currentUrl: new URL("http://localhost/en/marketplace"),
      nextUrl: new URL("http://localhost/en/dealzone"),
      currentParams: { locale: "en" },
      nextParams: { locale: "en" },
      defaultShouldRevalidate: false,
    };
    expect(shouldRevalidate(navigation)).toBe(true);
    expect(await headerCategories()).toEqual(before.map((name) => `Renamed ${name}`));
  });
});
