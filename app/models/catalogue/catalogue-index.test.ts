import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalogueIndex, withPaidAmounts, type ProductColumns } from "./catalogue-index";

const labels = { manufacturers: new Map(), fields: new Map(), options: new Map(), optionPosition: new Map(), flags: new Map() };

const catalogue = fc
  .array(
    fc.record({
      categoryId: fc.integer({ min: 1, max: 4 }),
      paidAmount: fc.integer({ min: 0, max: 6 }),
      arrivedAt: fc.integer({ min: 0, max: 3 }),
    }),
    {
      minLength: 1,
      maxLength: 60,
    },
  )
  .map((rows) =>
    rows.map(
      (row, i): ProductColumns => ({
        id: i + 1,
        categoryId: row.categoryId,
        offer: false,
        manufacturerId: null,
        priceMinor: 1000,
        originalPriceMinor: 0,
        discountPercentage: 0,
        paidAmount: row.paidAmount,
        arrivedAt: row.arrivedAt,
        optionIds: [],
        flagIds: [],
      }),
    ),
  );

describe("withPaidAmounts", () => {
  it("orders best sellers and relevance as a rebuild with the new amounts would, and leaves every other order alone", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })), { maxLength: 20 }),
        async (products, sales) => {
          const before = await buildCatalogueIndex("v1", products, new Map(), labels);
          const amounts = new Map(sales.map(([pick, amount]) => [products[pick % products.length]!.id, amount]));
          const after = withPaidAmounts(before, amounts);
          const rebuilt = await buildCatalogueIndex(
            "v1",
            products.map((product) => ({ ...product, paidAmount: amounts.get(product.id) ?? product.paidAmount })),
            new Map(),
            labels,
          );
          expect([...after.orders.best_sellers]).toEqual([...rebuilt.orders.best_sellers]);
          expect([...after.orders.relevance]).toEqual([...rebuilt.orders.relevance]);
          expect(after.orders.price_asc).toBe(before.orders.price_asc);
          expect(after.orders.new_arrivals).toBe(before.orders.new_arrivals);
          expect(after.version).toBe(before.version);
        },
      ),
    );
  });

  it("gives back the same index when no amount changed, so nothing cached for it is lost", async () => {
    const index = await buildCatalogueIndex(
      "v1",
      [
        {
          id: 1,
          categoryId: 1,
          offer: false,
          manufacturerId: null,
          priceMinor: 1,
          originalPriceMinor: 0,
          discountPercentage: 0,
          paidAmount: 3,
          arrivedAt: 0,
          optionIds: [],
          flagIds: [],
        },
      ],
      new Map(),
      labels,
    );
    expect(
      withPaidAmounts(
        index,
        new Map([
          [1, 3],
          [99, 5],
        ]),
      ),
    ).toBe(index);
  });
});
