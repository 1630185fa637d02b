import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type StaffActor } from "~/models/audit/audit.server";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { applyBulkJob, bulkJob, checkBulkFile, claimBulkJob, runBulkBatch, runBulkJobs, type BulkJobSummary } from "~/models/catalogue/bulk-jobs.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchListing } from "~/models/search/search.server";
import { listingQuery } from "./factories";

// Bulk prices and stock by file (issue 29, point 2): the preview refuses
// each bad row with its line and reason and changes nothing; the apply runs
// in batches, each one transaction that writes products as an edit does
// (so the listings follow) and moves the job's cursor; the same file again
// changes nothing; a job stopped in the middle is taken up from its cursor;
// and two servers running the same job never apply a batch twice.

const actor: StaffActor = { id: null, email: "catalogue@example.com", ip: "203.0.113.9" };
const HEADER = "sku,price,original_price,stock";
const encode = (lines: string[]) => new TextEncoder().encode([HEADER, ...lines].join("\n") + "\n");
let skus: string[] = [];
let sellerSku: string;

/** `count` products of the shop's own, made for this file: their SKUs. */
async function makeProducts(prefix: string, count: number) {
  await sql`
    insert into products (sku, slug, category_id, price_minor, original_price_minor, stock, image)
    select ${prefix} || '-' || n, lower(${prefix}) || '-' || n, (select min(id) from categories), 1000, 1200, 5, 'demo.jpg'
    from generate_series(1, ${count}) n`.execute(db());
  await sql`
    insert into product_translations (product_id, language_id, name, description)
    select p.id, l.id, 'Bulk ' || p.sku, '' from products p cross join languages l where p.sku like ${`${prefix}-%`}`.execute(db());
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}

const productsOf = async (list: string[]) =>
  db().selectFrom("products").select(["id", "sku", "price_minor", "original_price_minor", "stock"]).where("sku", "in", list).orderBy("id").execute();

/** The database's clock, which stamps each change: the products made before it are not counted as changed after it. */
const databaseNow = async () => (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db())).rows[0]!.now;

/** How many times each of the products was logged as changed for the listings since `since`. */
async function changeCounts(list: string[], since: Date) {
  const { rows } = await sql<{ n: number }>`
    select count(k.product_id)::int as n from products p left join catalogue_changes k on k.product_id = p.id and k.changed_at >= ${since}
    where p.sku = any(${list}::text[]) group by p.id order by p.id`.execute(db());
  return rows.map((row) => row.n);
}

async function checked(lines: string[], name = "prices.csv"): Promise<BulkJobSummary> {
  const result = await checkBulkFile(actor, name, encode(lines));
  if (!result.ok) throw new Error(`file refused: ${result.error}`);
  return result.job;
}

async function jobOf(id: number) {
  return (await bulkJob(id))!.job;
}

beforeAll(async () => {
  await seedDemoData(db(), { products: 60, seed: 7 });
  const seller = await db().selectFrom("products").select("sku").where("seller_id", "is not", null).orderBy("id").executeTakeFirstOrThrow();
  sellerSku = seller.sku;
});

describe("the preview", () => {
  it("lists each refused row with its line and reason, counts what would change, and changes nothing", async () => {
    skus = await makeProducts("PRE", 4);
    const before = await productsOf(skus);
    const job = await checked([
      `${skus[0]},11.50,12.00,9`, // line 2: changes
      `${skus[1]},10.00,12.00,5`, // 3: as it is
      "NO-SUCH-SKU,1.00,1.00,1", // 4
      `${skus[2]},10.00,9.00,5`, // 5
      `${skus[3]},abc,12.00,5`, // 6
      `${skus[2]},10.00,12.00,-1`, // 7
      `${sellerSku},5.00,5.00,1`, // 8
      `${skus[0]},1,1`, // 9
    ]);
    expect(job).toMatchObject({ state: "previewed", rowCount: 8, lastLine: 9, preview: { changes: 1, unchanged: 1, refused: 6 } });
    const { refused } = (await bulkJob(job.id))!;
    expect(refused.rows.map((row) => [row.line, row.sku, row.refusal])).toEqual([
      [4, "NO-SUCH-SKU", "unknown_sku"],
      [5, skus[2], "below_price"],
      [6, skus[3], "price"],
      [7, skus[2], "negative_stock"],
      [8, sellerSku, "seller_listing"],
      [9, skus[0], "columns"],
    ]);
    expect(await productsOf(skus)).toEqual(before);
  });

  it("refuses a file without the four columns as a whole", async () => {
    expect(await checkBulkFile(actor, "x.csv", new TextEncoder().encode("sku,price\nA,1\n"))).toEqual({ ok: false, error: "header", detail: "original_price, stock" });
  });
});

describe("the apply", () => {
  it("changes prices and stock in batches of rows, reaches the listings, reports and audits; the same file again changes nothing", async () => {
    const list = await makeProducts("APPLY", 2_500);
    const since = await databaseNow();
    const lines = list.map((sku, i) => `${sku},${(i % 2 ? 9.99 : 0.01 + i / 100).toFixed(2)},99.00,${i % 7}`);
    lines.push("MISSING-SKU,1,1,1");
    const job = await checked(lines, "spring.csv");
    expect(job.preview).toEqual({ changes: 2_500, unchanged: 0, refused: 1 });
    expect(await applyBulkJob(actor, job.id)).toEqual({ ok: true });
    expect(await applyBulkJob(actor, job.id)).toEqual({ ok: false, error: "not_previewed" });

    const claimed = await claimBulkJob("server-a");
    expect(claimed).toBe(job.id);
    // Batch by batch: each moves the cursor past the rows it applied.
    expect(await runBulkBatch(job.id, "server-a", 1_000)).toBe("more");
    expect(await jobOf(job.id)).toMatchObject({ state: "running", cursor: 1_001, report: { changed: 1_000, unchanged: 0 } });
    expect(await runBulkBatch(job.id, "server-a", 1_000)).toBe("more");
    expect(await runBulkBatch(job.id, "server-a", 1_000)).toBe("more");
    expect((await jobOf(job.id)).cursor).toBe(2_501);
    expect(await runBulkBatch(job.id, "server-a", 1_000)).toBe("done");

    expect(await jobOf(job.id)).toMatchObject({ state: "done", cursor: 2_502, report: { changed: 2_500, unchanged: 0, refused: 1 } });
    const after = await productsOf(list);
    expect(after.map((p) => [p.price_minor, p.original_price_minor, p.stock])).toEqual(list.map((_, i) => [i % 2 ? 999 : 1 + i, 9900, i % 7]));
    expect(new Set(await changeCounts(list, since))).toEqual(new Set([1]));
    // The cheapest product of the shop is now the file's first: the listings took the change.
    await freshCatalogueIndex();
    const cheapest = await searchListing(listingQuery({ sort: "price_asc" }));
    expect(cheapest.items[0]!.id).toBe(Number(after[0]!.id));
    expect(cheapest.items[0]!.priceMinor).toBe(1);

    const [entry] = await auditTrail("bulk_job", job.id);
    expect(entry).toMatchObject({ action: "catalogue.bulk_apply", staff_email: actor.email });
    expect(entry!.after).toEqual({ file: "spring.csv", rows: 2_501, changed: 2_500, unchanged: 0, refused: 1 });

    // The same file again: the preview and the apply find nothing to change.
    const again = await checked(lines, "spring.csv");
    expect(again.preview).toEqual({ changes: 0, unchanged: 2_500, refused: 1 });
    const sinceAgain = await databaseNow();
    await applyBulkJob(actor, again.id);
    await runBulkJobs({ id: "server-b" });
    expect(await jobOf(again.id)).toMatchObject({ state: "done", report: { changed: 0, unchanged: 2_500, refused: 1 } });
    expect(new Set(await changeCounts(list, sinceAgain))).toEqual(new Set([0]));
  }, 120_000);

  it("refuses at the apply a row whose product went away since the preview, and applies the rest", async () => {
    const list = await makeProducts("GONE", 3);
    const job = await checked(list.map((sku) => `${sku},3.00,4.00,1`));
    await db().deleteFrom("products").where("sku", "=", list[1]!).execute();
    await applyBulkJob(actor, job.id);
    await runBulkJobs({ id: "server-c" });
    expect(await jobOf(job.id)).toMatchObject({ state: "done", report: { changed: 2, unchanged: 0, refused: 1 } });
    expect((await bulkJob(job.id))!.refused.rows).toEqual([{ line: 3, sku: list[1], refusal: "unknown_sku", detail: null }]);
  });
});

describe("a job stopped in the middle", () => {
  it("is taken up from its cursor after a shutdown gave it back, and no row is applied twice", async () => {
    const list = await makeProducts("RESUME", 1_200);
    const since = await databaseNow();
    const job = await checked(list.map((sku) => `${sku},7.77,8.88,3`));
    await applyBulkJob(actor, job.id);
    // A server told to stop (SIGTERM) after its second batch: asked once before it takes the job, then before each batch.
    let asked = 0;
    expect(await runBulkJobs({ id: "server-old", batchRows: 250, stopping: () => ++asked > 3 })).toBe(2);
    const stopped = await jobOf(job.id);
    expect(stopped).toMatchObject({ state: "running", cursor: 501, report: { changed: 500 } });
    expect((await productsOf(list)).filter((p) => p.price_minor === 777)).toHaveLength(500);

    expect(await runBulkJobs({ id: "server-new", batchRows: 250 })).toBe(3);
    expect(await jobOf(job.id)).toMatchObject({ state: "done", report: { changed: 1_200, unchanged: 0, refused: 0 } });
    expect(new Set(await changeCounts(list, since))).toEqual(new Set([1]));
  });

  it("stays with a server that died holding it until the lease lapses, then another server finishes it", async () => {
    const list = await makeProducts("CRASH", 600);
    const job = await checked(list.map((sku) => `${sku},6.66,7.77,2`));
    await applyBulkJob(actor, job.id);
    expect(await claimBulkJob("server-dead")).toBe(job.id);
    expect(await runBulkBatch(job.id, "server-dead", 200)).toBe("more");
    // It dies here: no release. Another server finds nothing to take while the lease holds.
    expect(await claimBulkJob("server-alive")).toBeNull();
    await db().updateTable("bulk_jobs").set({ lease_until: new Date(Date.now() - 1000) }).where("id", "=", job.id).execute();
    expect(await runBulkJobs({ id: "server-alive", batchRows: 200 })).toBe(2);
    // The dead server, were it to wake, applies nothing more.
    expect(await runBulkBatch(job.id, "server-dead", 200)).toBe("lost");
    expect(await jobOf(job.id)).toMatchObject({ state: "done", report: { changed: 600, unchanged: 0 } });
  });
});

describe("two servers on one job", () => {
  it("never apply one batch twice, however often the job changes hands", async () => {
    const list = await makeProducts("RACE", 2_000);
    const since = await databaseNow();
    const job = await checked(list.map((sku, i) => `${sku},${(5 + i / 100).toFixed(2)},99.00,${i % 11}`));
    await applyBulkJob(actor, job.id);
    // The lease lapses every few milliseconds, as if the server holding the job had stalled: the other takes it, batch or no batch under way.
    const lapse = setInterval(() => void db().updateTable("bulk_jobs").set({ lease_until: new Date(0) }).where("id", "=", job.id).execute(), 5);
    const holders = new Set<string>();
    // Each server goes on looking until the job is done, as the servers' loops do every second.
    const server = async (id: string) => {
      let batches = 0;
      while ((await jobOf(job.id)).state !== "done") {
        const ran = await runBulkJobs({ id, batchRows: 100 });
        if (ran) holders.add(id);
        batches += ran;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return batches;
    };
    try {
      const [a, b] = await Promise.all([server("server-1"), server("server-2")]);
      expect(a + b).toBe(20);
    } finally {
      clearInterval(lapse);
    }
    expect(holders).toEqual(new Set(["server-1", "server-2"]));
    expect(await jobOf(job.id)).toMatchObject({ state: "done", report: { changed: 2_000, unchanged: 0, refused: 0 } });
    expect(new Set(await changeCounts(list, since))).toEqual(new Set([1]));
    expect((await productsOf(list)).map((p) => p.price_minor)).toEqual(list.map((_, i) => 500 + i));
    expect(await auditTrail("bulk_job", job.id)).toHaveLength(1);
  }, 120_000);
});
