import { describe, expect, it } from "vitest";
import { UsageError } from "./admin-options";
import { parseHomeArgs } from "./admin-home";
import { parseAdminArgs } from "./admin";

// Reading `npm run admin -- home …` command lines: bad input is a UsageError (exit code 2) before the database is touched.

describe("admin home commands", () => {
  it("reads a list, for every language or one", () => {
    expect(parseHomeArgs("list", ["--site", "lt"])).toEqual({ command: "home", action: "list", site: "lt", language: undefined });
    expect(parseHomeArgs("list", ["--site=pj", "--language=en"])).toEqual({ command: "home", action: "list", site: "pj", language: "en" });
  });

  it("reads a move to a place from 1", () => {
    expect(parseHomeArgs("move", ["--site", "lt", "--section", "deals", "--to", "2"])).toEqual({ command: "home", action: "move", site: "lt", section: "deals", to: 2 });
  });

  it("reads hide and show, in every language or one", () => {
    expect(parseHomeArgs("hide", ["--site", "lt", "--section", "blog_teasers"])).toEqual({
      command: "home",
      action: "hide",
      site: "lt",
      section: "blog_teasers",
      language: undefined,
    });
    expect(parseHomeArgs("show", ["--site", "lt", "--section", "blog_teasers", "--language", "lt"])).toMatchObject({ action: "show", language: "lt" });
  });

  it("reads a field to set, checked as the page reads it", () => {
    expect(parseHomeArgs("set", ["--site", "lt", "--section", "hero", "--language", "lt", "--field", "title", "--value", " Vasaros išpardavimas "])).toEqual({
      command: "home",
      action: "set",
      site: "lt",
      section: "hero",
      language: "lt",
      field: "title",
      value: "Vasaros išpardavimas",
    });
    expect(parseHomeArgs("set", ["--site", "lt", "--section", "deals", "--field", "count", "--value", "12"])).toMatchObject({ field: "count", value: 12, language: undefined });
    expect(parseHomeArgs("set", ["--site", "lt", "--section", "hero", "--field", "buttonLink", "--value", "https://partner.example/sale"])).toMatchObject({
      value: "https://partner.example/sale",
    });
  });

  it.each([
    ["list", []],
    ["list", ["--site", "lt", "--language", "de"]],
    ["move", ["--site", "lt", "--section", "deals"]],
    ["move", ["--site", "lt", "--section", "deals", "--to", "0"]],
    ["move", ["--site", "lt", "--section", "deals", "--to", "two"]],
    ["move", ["--site", "lt", "--section", "deals", "--to", "2", "--language", "lt"]],
    ["move", ["--site", "lt", "--section", "carousel", "--to", "2"]],
    ["hide", ["--site", "lt"]],
    ["show", ["--section", "deals"]],
    ["set", ["--site", "lt", "--section", "hero", "--field", "title"]],
    ["set", ["--site", "lt", "--section", "hero", "--value", "x"]],
    ["set", ["--site", "lt", "--section", "hero", "--field", "colour", "--value", "red"]],
    ["set", ["--site", "lt", "--section", "hero", "--field", "buttonLink", "--value", "javascript:alert(1)"]],
    ["set", ["--site", "lt", "--section", "deals", "--field", "count", "--value", "100"]],
    ["set", ["--site", "lt", "--section", "how_it_works", "--field", "count", "--value", "3"]],
    ["set", ["--site", "lt", "--section", "hero", "--field", "title", "--value", ""]],
    ["delete", ["--site", "lt"]],
    [undefined, []],
  ])("refuses %s %j", (action, args) => {
    expect(() => parseHomeArgs(action, args)).toThrow(UsageError);
  });

  it("is reached from the admin command line", () => {
    expect(parseAdminArgs(["home", "move", "--site", "lt", "--section", "deals", "--to", "2"])).toMatchObject({ command: "home", action: "move", to: 2 });
  });
});
