import { describe, expect, it } from "vitest";
import { compareTimeline, nextAction, timelineLink, type TimelineSource } from "./timeline";

const base: TimelineSource = {
  kind: "order",
  id: 7,
  status: "unpaid",
  at: new Date("2026-11-20T10:00:00Z"),
  slug: "abc",
  billSlug: null,
  infoSlug: null,
  trackingNumber: null,
  warehouse: null,
  number: "MP7",
  totalMinor: 1000,
  currency: "EUR",
};

describe("the timeline's next action", () => {
  it("pays an unpaid order at its own slug and tracks a shipped one", () => {
    expect(nextAction(base)).toEqual({ kind: "link", label: "pay", to: "/payment/abc" });
    expect(nextAction({ ...base, status: "shipped", trackingNumber: "LT 123" })).toEqual({ kind: "link", label: "track", to: "/tracking/LT%20123" });
    expect(nextAction({ ...base, status: "delivered" })).toBeNull();
  });

  it("waits for a requested quote's price and offers to pay a priced one on its page", () => {
    const quote = { ...base, kind: "quote" as const, slug: "q1" };
    expect(nextAction({ ...quote, status: "requested" })).toEqual({ kind: "wait", label: "waitPrice" });
    expect(nextAction({ ...quote, status: "priced" })).toEqual({ kind: "link", label: "acceptQuote", to: "/quotes/q1" });
    expect(nextAction({ ...quote, status: "declined" })).toBeNull();
  });

  it("sends an arrived or stored parcel home from its warehouse, and waits for an expected one", () => {
    const parcel = { ...base, kind: "parcel" as const, slug: null, warehouse: "de" };
    expect(nextAction({ ...parcel, status: "expected" })).toEqual({ kind: "wait", label: "waitArrival" });
    expect(nextAction({ ...parcel, status: "arrived" })).toEqual({ kind: "link", label: "requestForwarding", to: "/create-order/de" });
    expect(nextAction({ ...parcel, status: "stored" })).toEqual({ kind: "link", label: "requestForwarding", to: "/create-order/de" });
    expect(nextAction({ ...parcel, status: "forwarding" })).toBeNull();
  });

  it("answers the operator's question, pays a priced forward request by its bill, and tracks it once shipped", () => {
    const forward = { ...base, kind: "forward" as const, slug: "f1" };
    expect(nextAction({ ...forward, status: "info_needed", infoSlug: "i1" })).toEqual({ kind: "link", label: "answer", to: "/order-additional-info-needed/i1" });
    expect(nextAction({ ...forward, status: "requested" })).toEqual({ kind: "wait", label: "waitPriceForward" });
    expect(nextAction({ ...forward, status: "priced", billSlug: "b1" })).toEqual({ kind: "link", label: "pay", to: "/payment/b1" });
    expect(nextAction({ ...forward, status: "shipped", trackingNumber: "EE1" })).toEqual({ kind: "link", label: "track", to: "/tracking/EE1" });
  });

  it("opens an issued invoice and nothing for a paid one", () => {
    const invoice = { ...base, kind: "invoice" as const, id: 3 };
    expect(nextAction({ ...invoice, status: "issued" })).toEqual({ kind: "link", label: "viewInvoice", to: "/invoice/3" });
    expect(nextAction({ ...invoice, status: "paid" })).toBeNull();
  });
});

describe("the timeline's order", () => {
  it("puts the newest first and breaks ties by kind and id, so pages never overlap", () => {
    const at = new Date("2026-11-20T10:00:00Z");
    const rows = [
      { kind: "quote" as const, id: 1, at },
      { kind: "order" as const, id: 1, at },
      { kind: "order" as const, id: 2, at },
      { kind: "parcel" as const, id: 9, at: new Date("2026-11-21T10:00:00Z") },
    ];
    expect([...rows].sort(compareTimeline).map((row) => `${row.kind}${row.id}`)).toEqual(["parcel9", "order2", "order1", "quote1"]);
  });

  it("links each kind to its own page", () => {
    expect(timelineLink({ kind: "forward", id: 1, slug: "f1" })).toBe("/my-parcels/forward/f1");
    expect(timelineLink({ kind: "invoice", id: 4, slug: null })).toBe("/invoice/4");
  });
});
