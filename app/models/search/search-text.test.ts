import { describe, expect, it } from "vitest";
import { searchTokens, suggestQuery } from "./search-text";

describe("search text", () => {
  it("keeps letters and digits of any language, in lower case", () => {
    expect(searchTokens("Sony WH-1000XM5, Ausinės!")).toEqual(["sony", "wh", "1000xm5", "ausinės"]);
    expect(searchTokens("  ")).toEqual([]);
    expect(searchTokens("a b c d e f g h i j")).toHaveLength(8);
    expect(searchTokens("x".repeat(60))[0]).toHaveLength(40);
  });

  it("asks for suggestions from two letters or digits on, one question however it is spaced or cased", () => {
    expect(suggestQuery("")).toBeNull();
    expect(suggestQuery(" j ")).toBeNull();
    expect(suggestQuery("!?")).toBeNull();
    expect(suggestQuery("ja")).toBe("ja");
    expect(suggestQuery("  Sony   WH-1000 ")).toBe("sony wh 1000");
    expect(suggestQuery("sony wh 1000")).toBe(suggestQuery("SONY, WH 1000"));
    expect(suggestQuery("Žąsų")).toBe("žąsų");
  });
});
