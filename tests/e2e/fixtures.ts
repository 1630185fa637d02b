import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on any WCAG 2.x A or AA violation axe-core finds on the page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}

/** A client address of its own for a test, sent as X-Forwarded-For (the test server trusts loopback proxies). */
export function ownClientAddress() {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return { "x-forwarded-for": `10.${part()}.${part()}.${part()}` };
}
