import { describe, expect, it } from "vitest";
import { routeLabelOf } from "./route-label";

const route = (id: string, parentId: string | undefined, fields: { path?: string; index?: boolean } = {}) => ({ id, parentId, ...fields, module: {} });
const build = {
  routes: Object.fromEntries(
    [
      route("root", undefined, { path: "" }),
      route("routes/shop/layout", "root", { path: ":locale?" }),
      route("routes/shop/home", "routes/shop/layout", { index: true }),
      route("routes/shop/product", "routes/shop/layout", { path: "product/:id" }),
      route("routes/api/health/health", "root", { path: "api/health" }),
    ].map((r) => [r.id, r]),
  ),
} as unknown as Parameters<typeof routeLabelOf>[0];

describe("the route a request is counted under", () => {
  it("is the deepest matching route's id, however many addresses share it", () => {
    expect(routeLabelOf(build, "/")).toBe("routes/shop/home");
    expect(routeLabelOf(build, "/en")).toBe("routes/shop/home");
    expect(routeLabelOf(build, "/product/1")).toBe("routes/shop/product");
    expect(routeLabelOf(build, "/lt/product/99999999999999999999")).toBe("routes/shop/product");
    expect(routeLabelOf(build, "/lt/product/%F0%9F%98%80")).toBe("routes/shop/product");
    expect(routeLabelOf(build, "/api/health")).toBe("routes/api/health/health");
  });

  it("counts a page's data request under the page, and names what no route answers", () => {
    expect(routeLabelOf(build, "/en/product/7.data")).toBe("routes/shop/product");
    expect(routeLabelOf(build, "/_root.data")).toBe("routes/shop/home");
    expect(routeLabelOf(build, "/__manifest")).toBe("(manifest)");
    expect(routeLabelOf(build, "/no/such/page/at/all")).toBe("(unmatched)");
  });
});
