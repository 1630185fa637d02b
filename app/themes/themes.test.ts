import { describe, expect, it } from "vitest";
import { themes } from "../../tailwind.config";
import { THEMES } from "./index";

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Every pair the components put together: text, then its background.
const PAIRS = [
  ["on-brand", "brand"],
  ["on-brand", "brand-strong"],
  ["brand-strong", "surface"],
  ["brand-strong", "brand-soft"],
  ["on-accent", "accent"],
  ["accent-strong", "surface"],
  ["ink", "surface"],
  ["ink-muted", "surface"],
  ["ink-muted", "surface-muted"],
  ["surface", "ink"],
  ["danger", "danger-soft"],
  ["success", "success-soft"],
] as const;

describe("themes", () => {
  it("exist for every site variant", () => {
    expect(Object.keys(themes).sort()).toEqual([...THEMES].sort());
  });

  for (const [name, tokens] of Object.entries(themes)) {
    it(`${name} meets WCAG AA contrast (4.5:1) for every text it shows`, () => {
      for (const [text, background] of PAIRS) {
        expect(contrast(tokens[text], tokens[background]), `${name}: ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
      // Input borders and focus rings: 3:1 against the page.
      expect(contrast(tokens["line-strong"], tokens.surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(tokens.brand, tokens.surface)).toBeGreaterThanOrEqual(3);
    });
  }
});
