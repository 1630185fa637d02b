import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORDER_FILTER,
  ORDER_FILTERS,
  ORDER_FILTER_IDS,
  ORDERS_PAGE_SIZE,
  changeFilter,
  filterConditions,
  orderListSearch,
  orderNumber,
  orderNumberParts,
  orderPageCount,
  pageNumbers,
  parseOrderListQuery,
} from "./orders";

describe("the orders filters", () => {
  it("start with spec 9's default, all orders, which narrows nothing", () => {
    expect(DEFAULT_ORDER_FILTER).toBe("all_orders");
    expect(ORDER_FILTER_IDS[0]).toBe("all_orders");
    expect(filterConditions("all_orders")).toEqual({ statuses: undefined, kinds: undefined });
  });

  it("each narrow by status or by kind, and the status filters cover every status once", () => {
    expect(ORDER_FILTER_IDS).toEqual(["all_orders", "unpaid", "in_progress", "completed", "marketplace", "quotes", "forwarding"]);
    expect(filterConditions("unpaid")).toEqual({ statuses: ["unpaid"], kinds: undefined });
    expect(filterConditions("quotes")).toEqual({ statuses: undefined, kinds: ["quote"] });
    const statuses = ORDER_FILTERS.flatMap((filter) => ("statuses" in filter ? [...filter.statuses] : []));
    expect(statuses.sort()).toEqual(["cancelled", "delivered", "paid", "processing", "refunded", "shipped", "unpaid"]);
    const kinds = ORDER_FILTERS.flatMap((filter) => ("kinds" in filter ? [...filter.kinds] : []));
    expect(kinds.sort()).toEqual(["forward", "marketplace", "quote"]);
  });
});

describe("the orders list state in the URL", () => {
  it("defaults to all orders, page 1, and ignores what it does not know", () => {
    expect(parseOrderListQuery("")).toEqual({ filter: "all_orders", page: 1 });
    expect(parseOrderListQuery("filter=unpaid&page=3")).toEqual({ filter: "unpaid", page: 3 });
    for (const page of ["0", "-2", "1.5", "abc", "99999999999999999999", ""]) {
      expect(parseOrderListQuery(`filter=nonsense&page=${page}`)).toEqual({ filter: "all_orders", page: 1 });
    }
  });

  it("writes only what differs from the defaults", () => {
    expect(orderListSearch({ filter: "all_orders", page: 1 })).toBe("");
    expect(orderListSearch({ filter: "all_orders", page: 2 })).toBe("page=2");
    expect(orderListSearch({ filter: "quotes", page: 1 })).toBe("filter=quotes");
    expect(parseOrderListQuery(orderListSearch({ filter: "forwarding", page: 4 }))).toEqual({ filter: "forwarding", page: 4 });
  });

  it("goes back to page 1 when the filter changes (spec 4), and keeps the page when it does not", () => {
    expect(changeFilter({ filter: "all_orders", page: 3 }, "unpaid")).toEqual({ filter: "unpaid", page: 1 });
    expect(orderListSearch(changeFilter({ filter: "unpaid", page: 5 }, "all_orders"))).toBe("");
    expect(changeFilter({ filter: "unpaid", page: 5 }, "unpaid")).toEqual({ filter: "unpaid", page: 5 });
  });
});

describe("paging", () => {
  it("counts pages of the page size, at least one", () => {
    expect(ORDERS_PAGE_SIZE).toBe(10);
    expect(orderPageCount(0)).toBe(1);
    expect(orderPageCount(10)).toBe(1);
    expect(orderPageCount(11)).toBe(2);
  });

  it("links the first, the last and the pages around the current one", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 9)).toEqual([1, 2, 3, 9]);
    expect(pageNumbers(5, 9)).toEqual([1, 3, 4, 5, 6, 7, 9]);
    expect(pageNumbers(9, 9)).toEqual([1, 7, 8, 9]);
  });
});

describe("order numbers", () => {
  it("carry the kind's prefix", () => {
    expect(orderNumber("quote", 12)).toBe("QU12");
    expect(orderNumber("forward", 7)).toBe("FR7");
    expect(orderNumber("marketplace", 3)).toBe("MP3");
  });

  it("are read back into their kind and id, as written or as typed", () => {
    expect(orderNumberParts(orderNumber("quote", 12))).toEqual({ kind: "quote", id: 12 });
    expect(orderNumberParts(" mp 3 ")).toEqual({ kind: "marketplace", id: 3 });
    expect(orderNumberParts("FR-7")).toEqual({ kind: "forward", id: 7 });
    expect(orderNumberParts("INV41")).toEqual({ kind: "invoice", id: 41 });
    for (const text of ["", "12", "MP", "MP0", "XX12", "MP12a", "BX-000012"]) expect(orderNumberParts(text), text).toBeNull();
  });
});
