import { describe, expect, it } from "vitest";
import { UsageError } from "./admin-options";
import { parseContentArgs } from "./admin-content";

// Reading `npm run admin -- content …` command lines: bad input is a UsageError (exit code 2) before the database is touched.

describe("admin content commands", () => {
  it("reads which site shows a post, all meaning every site", () => {
    expect(parseContentArgs("post-site", ["--post", "air-or-sea", "--site", "pj"])).toEqual({ command: "content", action: "post-site", post: "air-or-sea", site: "pj" });
    expect(parseContentArgs("post-site", ["--post=air-or-sea", "--site=all"])).toMatchObject({ site: null });
  });

  it("reads an FAQ entry's category", () => {
    expect(parseContentArgs("faq-category", ["--entry", "returns", "--to", "returns"])).toEqual({ command: "content", action: "faq-category", entry: "returns", category: "returns" });
  });

  it("reads a strip's text, and strip-off as no strip", () => {
    expect(parseContentArgs("strip", ["--site", "lv", "--language", "lv", "--text", " Bezmaksas piegāde "])).toEqual({ command: "content", action: "strip", site: "lv", locale: "lv", text: "Bezmaksas piegāde" });
    expect(parseContentArgs("strip-off", ["--site", "lv", "--language", "lv"])).toEqual({ command: "content", action: "strip", site: "lv", locale: "lv", text: "" });
    expect(() => parseContentArgs("strip", ["--site", "lv", "--language", "fr", "--text", "x"])).toThrow(UsageError);
    expect(() => parseContentArgs("strip", ["--site", "lv", "--language", "lv"])).toThrow(UsageError);
    expect(() => parseContentArgs("strip", ["--site", "lv", "--language", "lv", "--text", "x".repeat(301)])).toThrow(UsageError);
  });

  it("refuses an unknown action, a missing option and an unknown category", () => {
    expect(() => parseContentArgs("delete", [])).toThrow(UsageError);
    expect(() => parseContentArgs(undefined, [])).toThrow(UsageError);
    expect(() => parseContentArgs("post-site", ["--post", "x"])).toThrow(UsageError);
    expect(() => parseContentArgs("post-site", ["--site", "pj"])).toThrow(UsageError);
    expect(() => parseContentArgs("faq-category", ["--entry", "x", "--to", "other"])).toThrow(UsageError);
    expect(() => parseContentArgs("faq-category", ["--to", "payment"])).toThrow(UsageError);
  });
});
