import { describe, expect, it } from "vitest";
import { foldText, matchesQuery, queryWords } from "./faq-search";

const entry = {
  question: "Kiek laiko trunka pristatymas oro ir jūrų transportu?",
  answer: "Būdą pasirenkate krepšelyje, kuriame rodomos abi kainos. Ja kūtīt, Ärge muretse: õun.",
};

describe("foldText", () => {
  it("drops the accents of Lithuanian, Latvian and Estonian letters and lowers the case", () => {
    expect(foldText("ĄČĘĖĮŠŲŪŽ ąčęėįšųūž")).toBe("aceeisuuz aceeisuuz");
    expect(foldText("ĀČĒĢĪĶĻŅŠŪŽ āčēģīķļņšūž")).toBe("acegiklnsuz acegiklnsuz");
    expect(foldText("ÕÄÖÜŠŽ õäöüšž")).toBe("oaousz oaousz");
  });
});

describe("queryWords", () => {
  it("splits on anything but letters and digits, folds, and keeps each word once", () => {
    expect(queryWords("  Jūrų, JURU? 5–10 ")).toEqual(["juru", "5", "10"]);
  });

  it("keeps at most eight words", () => {
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("gives no words for punctuation only", () => {
    expect(queryWords(" -?! ")).toEqual([]);
  });
});

describe("matchesQuery", () => {
  it("finds a word of the answer whatever its accents or case", () => {
    expect(matchesQuery(entry, queryWords("KREPSELYJE"))).toBe(true);
    expect(matchesQuery(entry, queryWords("krepšelyje"))).toBe(true);
    expect(matchesQuery(entry, queryWords("kutit"))).toBe(true);
    expect(matchesQuery(entry, queryWords("ÄRGE Oun"))).toBe(true);
  });

  it("finds the beginning of a word, not its middle", () => {
    expect(matchesQuery(entry, queryWords("pristat"))).toBe(true);
    expect(matchesQuery(entry, queryWords("statymas"))).toBe(false);
  });

  it("needs every word", () => {
    expect(matchesQuery(entry, queryWords("jūrų kainos"))).toBe(true);
    expect(matchesQuery(entry, queryWords("jūrų lėktuvas"))).toBe(false);
  });

  it("matches everything without words", () => {
    expect(matchesQuery(entry, [])).toBe(true);
  });
});
