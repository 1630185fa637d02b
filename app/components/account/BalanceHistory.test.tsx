import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextsProvider } from "~/hooks/use-translation";
import ee from "~/locales/ee";
import en from "~/locales/en";
import lt from "~/locales/lt";
import lv from "~/locales/lv";
import { EntryProcessor } from "./BalanceHistory";

// Issue 32, row 10: a top-up's processor reads "Paid with: Card", one text
// with no space before its colon, in every language.

describe("a balance entry's processor", () => {
  it.each([
    ["en", en, "Paid with: Card"],
    ["lt", lt, "Mokėjimo būdas: Card"],
    ["lv", lv, "Maksājuma veids: Card"],
    ["ee", ee, "Makseviis: Card"],
  ] as const)("reads as one text in %s", (lang, texts, expected) => {
    const html = renderToString(
      <TextsProvider texts={texts} lang={lang}>
        <EntryProcessor name="Card" />
      </TextsProvider>,
    );
    expect(html).toBe(`<span class="block text-ink-muted">${expected}</span>`);
    expect(html).not.toMatch(/\s:/);
  });
});
