import { describe, expect, it } from "vitest";
import { hostOf, storeForUrl, storeInitials } from "./stores";

const stores = [
  { id: 1, domain: "amazon.com" },
  { id: 2, domain: "amazon.co.uk" },
  { id: 3, domain: "ebay.de" },
  { id: 4, domain: "shop.example.com" },
  { id: 5, domain: "example.com" },
];

describe("storeForUrl", () => {
  it("recognises a store by its domain and its subdomains", () => {
    expect(storeForUrl("https://amazon.com/dp/B01", stores)?.id).toBe(1);
    expect(storeForUrl("https://www.amazon.com/dp/B01", stores)?.id).toBe(1);
    expect(storeForUrl("https://smile.amazon.com/dp/B01", stores)?.id).toBe(1);
    expect(storeForUrl("http://WWW.Amazon.CO.UK/item", stores)?.id).toBe(2);
    expect(storeForUrl("www.ebay.de/itm/1", stores)?.id).toBe(3);
  });

  it("rejects look-alikes", () => {
    expect(storeForUrl("https://amazon.com.evil.io/dp/B01", stores)).toBeNull();
    expect(storeForUrl("https://notamazon.com/dp/B01", stores)).toBeNull();
    expect(storeForUrl("https://amazon.co.uk.example.net/", stores)).toBeNull();
    expect(storeForUrl("https://evil.io/?u=amazon.com", stores)).toBeNull();
  });

  it("prefers the longest matching domain", () => {
    expect(storeForUrl("https://shop.example.com/a", stores)?.id).toBe(4);
    expect(storeForUrl("https://www.example.com/a", stores)?.id).toBe(5);
  });

  it("knows no store for what is not a web address", () => {
    expect(storeForUrl("", stores)).toBeNull();
    expect(storeForUrl("javascript:alert(1)", stores)).toBeNull();
    expect(storeForUrl("ftp://amazon.com/x", stores)).toBeNull();
  });
});

describe("hostOf and storeInitials", () => {
  it("reads the host with or without a scheme", () => {
    expect(hostOf("amazon.de/dp/1")).toBe("amazon.de");
    expect(hostOf("https://www.asos.com./x")).toBe("www.asos.com");
  });
  it("makes a badge from a name", () => {
    expect(storeInitials("Amazon.de")).toBe("AD");
    expect(storeInitials("Best Buy")).toBe("BB");
    expect(storeInitials("ASOS")).toBe("A");
  });
});
