import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { listTopCategories } from "~/models/catalogue/catalogue.server";
import { db } from "~/models/db/db.server";
import { followShellChanges } from "~/models/db/shell-cache.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { findRedirect, removeRedirect, saveRedirect } from "~/models/redirects/redirects.server";
import { siteForHost } from "~/models/sites/sites.server";

// Issue 17, point 2: a running server reads what every page's shell needs
// once, and reads it again when an operator changes it, within a second.

beforeAll(() => seedDemoData(db(), { products: 20, seed: 3 }));

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});


describe("the shell's settings", () => {
  it("are read once while nothing changes", async () => {
    const errors: unknown[] = [];
    stop = await followShellChanges((err) => errors.push(err), 50);
    const first = await siteForHost("lt.localhost");
    expect(first.code).toBe("lt");
    // Kept: the same object, not a second read.
    expect(await siteForHost("lt.localhost")).toBe(first);
    expect(await listTopCategories("lt")).toBe(await listTopCategories("lt"));
    expect(errors).toEqual([]);
  });

  it("follow an operator's change made anywhere within a second", async () => {
    stop = await followShellChanges(() => {}, 50);
    expect((await siteForHost("pj.localhost")).features.marketplace).toBe(true);
    // A write from elsewhere: another server, or the SQL console.
    await sql`update sites set settings = settings || '{"marketplace": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      await expect.poll(async () => (await siteForHost("pj.localhost")).features.marketplace, { timeout: 2_000 }).toBe(false);
    } finally {
      await sql`update sites set settings = settings - 'marketplace' where code = 'pj'`.execute(db());
    }
    await expect.poll(async () => (await siteForHost("pj.localhost")).features.marketplace, { timeout: 2_000 }).toBe(true);
  });

  it("follow a category renamed in the shopper's language", async () => {
    stop = await followShellChanges(() => {}, 50);
    const [top] = await listTopCategories("lv");
    await sql`
      update category_translations set name = 'Pārdēvēta'
      where category_id = ${top!.id} and language_id = (select id from languages where iso_code = 'lv')`.execute(db());
    try {
      await expect.poll(async () => (await listTopCategories("lv")).find((c) => c.id === top!.id)?.name, { timeout: 2_000 }).toBe("Pārdēvēta");
    } finally {
      await sql`
        update category_translations set name = ${top!.name}
        where category_id = ${top!.id} and language_id = (select id from languages where iso_code = 'lv')`.execute(db());
    }
  });

  it("hold a redirect at once on the server that saved it, and drop a removed one", async () => {
    // A long interval: only the writer's own drop can make these pass.
    stop = await followShellChanges(() => {}, 60_000);
    expect(await findRedirect("/kept-old-path")).toBeNull();
    await saveRedirect(COMMAND_LINE, { from: "/kept-old-path", to: "/en/c/clothes", status: 301 });
    expect(await findRedirect("/kept-old-path")).toEqual({ to_url: "/en/c/clothes", status: 301 });
    await removeRedirect(COMMAND_LINE, "/kept-old-path");
    expect(await findRedirect("/kept-old-path")).toBeNull();
  });

  it("are read afresh on every call when no server follows them (tests, commands)", async () => {
    const before = await siteForHost("lt.localhost");
    expect(await siteForHost("lt.localhost")).not.toBe(before);
    expect(await siteForHost("lt.localhost")).toEqual(before);
  });
});
