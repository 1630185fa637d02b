import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORDER,
  checkField,
  isHomeLink,
  moveTo,
  offeredSections,
  readContent,
  resolveSections,
  rowsForLanguage,
  siteOrder,
  type HomeSectionRow,
} from "./sections";

const EN = 1;
const LT = 2;

let nextId = 1;
function row(kind: string, position: number, changes: Partial<HomeSectionRow> = {}): HomeSectionRow {
  return { id: nextId++, kind, language_id: null, position, is_visible: true, content: {}, ...changes };
}

const kinds = (sections: { kind: string }[]) => sections.map((s) => s.kind);

describe("the sections a language shows", () => {
  it("come in the operator's order, whatever order the rows were read in", () => {
    const rows = [row("blog_teasers", 3), row("hero", 1), row("deals", 2)];
    expect(kinds(resolveSections(rows, EN))).toEqual(["hero", "deals", "blog_teasers"]);
  });

  it("follow the kinds' own order where two share a position", () => {
    const rows = [row("best_sellers", 2), row("new_arrivals", 2), row("hero", 1)];
    expect(kinds(resolveSections(rows, EN))).toEqual(["hero", "new_arrivals", "best_sellers"]);
  });

  it("leave hidden sections out", () => {
    const rows = [row("hero", 1), row("deals", 2, { is_visible: false }), row("how_it_works", 3)];
    expect(kinds(resolveSections(rows, EN))).toEqual(["hero", "how_it_works"]);
  });

  it("take a language's own row instead of the every-language row of its kind: place, visibility and content alike", () => {
    const rows = [
      row("hero", 1, { content: { title: "Every language" } }),
      row("hero", 4, { language_id: LT, content: { title: "Lietuviškai" } }),
      row("deals", 2),
      row("deals", 2, { language_id: LT, is_visible: false }),
      row("categories", 3),
    ];
    const lt = resolveSections(rows, LT);
    expect(kinds(lt)).toEqual(["categories", "hero"]);
    expect(lt.find((s) => s.kind === "hero")?.content).toMatchObject({ title: "Lietuviškai" });

    const en = resolveSections(rows, EN);
    expect(kinds(en)).toEqual(["hero", "deals", "categories"]);
    expect(en[0]?.content).toMatchObject({ title: "Every language" });
  });

  it("take the language's row whichever of the two was read first", () => {
    const own = row("hero", 1, { language_id: LT, content: { title: "Own" } });
    const shared = row("hero", 1, { content: { title: "Shared" } });
    expect(resolveSections([own, shared], LT)[0]?.content).toMatchObject({ title: "Own" });
    expect(resolveSections([shared, own], LT)[0]?.content).toMatchObject({ title: "Own" });
  });

  it("show only every-language rows in a language the site has no row for, or none at all", () => {
    const rows = [row("hero", 1, { language_id: LT }), row("deals", 2)];
    expect(kinds(resolveSections(rows, EN))).toEqual(["deals"]);
    expect(kinds(resolveSections(rows, null))).toEqual(["deals"]);
  });

  it("ignore a kind the page does not know", () => {
    expect(kinds(resolveSections([row("carousel", 1), row("hero", 2)], EN))).toEqual(["hero"]);
  });

  it("are the default order with the page's own texts for a site without rows", () => {
    const sections = resolveSections([], EN);
    expect(kinds(sections)).toEqual([...DEFAULT_ORDER]);
    expect(sections[0]).toEqual({
      kind: "hero",
      content: { title: undefined, text: undefined, buttonLabel: undefined, buttonLink: undefined, secondaryLabel: undefined, secondaryLink: undefined, image: undefined },
    });
  });

  it("keep hidden rows when asked for the whole order (the admin list)", () => {
    const rows = [row("hero", 1), row("deals", 2, { is_visible: false })];
    expect(rowsForLanguage(rows, EN).map((r) => [r.kind, r.is_visible])).toEqual([
      ["hero", true],
      ["deals", false],
    ]);
  });
});

describe("a section's content", () => {
  it("is read as the operator filled it, trimmed", () => {
    expect(readContent("hero", { title: "  Deals all week ", buttonLink: "/dealzone", image: "/media/uploads/hero.webp" })).toMatchObject({
      title: "Deals all week",
      buttonLink: "/dealzone",
      image: "/media/uploads/hero.webp",
    });
    expect(readContent("deals", { heading: "Hot", count: 12 })).toEqual({ heading: "Hot", count: 12 });
  });

  it("falls back field by field: a bad field is the default, the good ones stay", () => {
    expect(readContent("deals", { heading: "Hot", count: "lots" })).toEqual({ heading: "Hot", count: 8 });
    expect(readContent("new_arrivals", { heading: 42, count: 0 })).toEqual({ heading: undefined, count: 8 });
    expect(readContent("blog_teasers", { count: 99 })).toEqual({ heading: undefined, count: 3 });
    expect(readContent("hero", { title: "", text: "Fine", buttonLink: "javascript:alert(1)", secondaryLink: "//evil.example/x" })).toMatchObject({
      title: undefined,
      text: "Fine",
      buttonLink: undefined,
      secondaryLink: undefined,
    });
  });

  it("is the defaults whatever else the jsonb holds, and drops fields the kind does not have", () => {
    for (const bad of [null, [], "text", 7, true, undefined]) {
      expect(readContent("best_sellers", bad), JSON.stringify(bad)).toEqual({ heading: undefined, count: 8 });
    }
    expect(readContent("categories", { heading: "Shop", script: "<script>" })).toEqual({ heading: "Shop" });
  });

  it("is what a shown section carries", () => {
    const [deals] = resolveSections([row("deals", 1, { content: { count: "x", heading: "Deals" } })], EN);
    expect(deals).toEqual({ kind: "deals", content: { heading: "Deals", count: 8 } });
  });
});

describe("links an operator names", () => {
  it("are a path of the shop or an https address", () => {
    for (const good of ["/dealzone", "/marketplace?sort=new_arrivals", "/", "https://partner.example/sale"]) expect(isHomeLink(good), good).toBe(true);
  });

  it("are never another site disguised as a path, a script or plain http", () => {
    for (const bad of ["//evil.example", "/\\evil.example", "javascript:alert(1)", "data:text/html,x", "http://plain.example", "dealzone", "/two words", ""]) {
      expect(isHomeLink(bad), bad).toBe(false);
    }
  });
});

describe("sections the site offers", () => {
  const all = resolveSections([], EN);
  const features = { marketplace: true, dealzone: true, blog: true };

  it("are all of them on a site with every part", () => {
    expect(kinds(offeredSections(all, features))).toEqual([...DEFAULT_ORDER]);
  });

  it("leave out the deals without a deal zone, the shelves and categories without a marketplace, the teasers without a blog", () => {
    expect(kinds(offeredSections(all, { ...features, dealzone: false }))).not.toContain("deals");
    expect(kinds(offeredSections(all, { ...features, marketplace: false }))).toEqual(["hero", "how_it_works", "blog_teasers"]);
    expect(kinds(offeredSections(all, { ...features, blog: false }))).not.toContain("blog_teasers");
  });
});

describe("a field typed for the admin command", () => {
  it("is checked as the page will read it", () => {
    expect(checkField("hero", "title", "  Summer sale ")).toEqual({ value: "Summer sale" });
    expect(checkField("deals", "count", "12")).toEqual({ value: 12 });
    expect(checkField("hero", "buttonLink", "/dealzone")).toEqual({ value: "/dealzone" });
  });

  it("names what is wrong with a bad one", () => {
    expect(checkField("deals", "count", "25")).toEqual({ issue: "count must be a whole number from 1 to 24" });
    expect(checkField("blog_teasers", "count", "7")).toEqual({ issue: "count must be a whole number from 1 to 6" });
    expect(checkField("deals", "count", "1.5")).toHaveProperty("issue");
    expect(checkField("hero", "buttonLink", "javascript:alert(1)")).toHaveProperty("issue");
    expect(checkField("hero", "title", "x".repeat(121))).toHaveProperty("issue");
    expect(checkField("how_it_works", "count", "3")).toEqual({ issue: "a how_it_works section has the fields heading" });
    expect(checkField("hero", "constructor", "x")).toHaveProperty("issue");
  });
});

describe("the site's order for moving a section", () => {
  it("is the lowest place of each kind's rows, every language's and each language's own", () => {
    const rows = [row("hero", 1), row("deals", 3), row("categories", 2), row("hero", 1, { language_id: LT }), row("blog_teasers", 4, { language_id: LT })];
    expect(siteOrder(rows)).toEqual(["hero", "categories", "deals", "blog_teasers"]);
    expect(siteOrder([])).toEqual([...DEFAULT_ORDER]);
  });

  it("moves a kind to a place from 1, the others keeping their order", () => {
    const order = ["hero", "categories", "deals", "new_arrivals"] as const;
    expect(moveTo(order, "deals", 2)).toEqual(["hero", "deals", "categories", "new_arrivals"]);
    expect(moveTo(order, "hero", 4)).toEqual(["categories", "deals", "new_arrivals", "hero"]);
    expect(moveTo(order, "new_arrivals", 1)).toEqual(["new_arrivals", "hero", "categories", "deals"]);
    expect(moveTo(order, "deals", 3)).toEqual([...order]);
  });

  it("has no place 0, none past the last and no kind the site lacks", () => {
    const order = ["hero", "deals"] as const;
    expect(moveTo(order, "deals", 0)).toBeNull();
    expect(moveTo(order, "deals", 3)).toBeNull();
    expect(moveTo(order, "blog_teasers", 1)).toBeNull();
  });
});
