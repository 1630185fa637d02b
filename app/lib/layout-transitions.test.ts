import { describe, expect, it } from "vitest";
import { usesLayoutTransition } from "./layout-transitions";

describe("layout transitions (spec 2)", () => {
  it("animate the way to home, pro, cart, dealzone, marketplace, the order form, its summary and quotes", () => {
    for (const path of ["/", "/lt", "/en/", "/pro", "/lv/cart", "/dealzone?page=2", "/ee/marketplace#top", "/order-form", "/en/order-form/summary", "/quotes", "/lt/quotes/abc"]) {
      expect(usesLayoutTransition(path), path).toBe(true);
    }
  });

  it("leave every other page as it is, including look-alike paths", () => {
    for (const path of ["/en/c/phones", "/search?q=pro", "/en/my-orders", "/product", "/en/pro-tips", "/quotes-archive", "/en/checkout/abc"]) {
      expect(usesLayoutTransition(path), path).toBe(false);
    }
  });
});
