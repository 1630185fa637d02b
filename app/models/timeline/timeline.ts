// The account's timeline (issue 15): every order, quote, parcel, forward
// request and invoice of a customer in one list, newest first, each with
// what the customer can do next. Pure rules, shared by the page and tests.

export const TIMELINE_KINDS = ["order", "quote", "parcel", "forward", "invoice"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** What a row offers next: a link and the text key of its label, or a state to wait in. */
export type NextAction =
  | { kind: "link"; label: "pay" | "acceptQuote" | "requestForwarding" | "answer" | "track" | "viewInvoice"; to: string }
  | { kind: "wait"; label: "waitPrice" | "waitArrival" | "waitPriceForward" }
  | null;

/** One thing the customer has with the shop, as the timeline's query reads it. */
export type TimelineSource = {
  kind: TimelineKind;
  id: number;
  status: string;
  at: Date;
  /** The slug its page is found by (order, quote, forward request), or null. */
  slug: string | null;
  /** The unpaid bill paying it, if one is open. */
  billSlug: string | null;
  /** An open question of the operator's (forward requests). */
  infoSlug: string | null;
  trackingNumber: string | null;
  /** The warehouse a parcel waits at (its code). */
  warehouse: string | null;
  number: string;
  totalMinor: number | null;
  currency: string | null;
};

/** Where each thing's own page is. */
export function timelineLink(source: Pick<TimelineSource, "kind" | "id" | "slug">): string {
  switch (source.kind) {
    case "order":
      return `/my-orders/${source.slug}`;
    case "quote":
      return `/quotes/${source.slug}`;
    case "parcel":
      return "/my-parcels";
    case "forward":
      return `/my-parcels/forward/${source.slug}`;
    case "invoice":
      return `/invoice/${source.id}`;
  }
}

/** What the customer can do next with it, by its kind and status. */
export function nextAction(source: TimelineSource): NextAction {
  const pay = source.billSlug ? ({ kind: "link", label: "pay", to: `/payment/${source.billSlug}` } as const) : null;
  const track = source.trackingNumber ? ({ kind: "link", label: "track", to: `/tracking/${encodeURIComponent(source.trackingNumber)}` } as const) : null;
  switch (source.kind) {
    case "order":
      if (source.status === "unpaid") return { kind: "link", label: "pay", to: `/payment/${source.slug}` };
      return source.status === "shipped" ? track : null;
    case "quote":
      if (source.status === "requested") return { kind: "wait", label: "waitPrice" };
      if (source.status === "priced") return { kind: "link", label: "acceptQuote", to: `/quotes/${source.slug}` };
      return source.status === "shipped" ? track : null;
    case "parcel":
      if (source.status === "expected") return { kind: "wait", label: "waitArrival" };
      if (source.status === "arrived" || source.status === "stored") {
        return { kind: "link", label: "requestForwarding", to: `/create-order/${source.warehouse}` };
      }
      return null;
    case "forward":
      if (source.status === "info_needed" && source.infoSlug) return { kind: "link", label: "answer", to: `/order-additional-info-needed/${source.infoSlug}` };
      if (source.status === "requested") return { kind: "wait", label: "waitPriceForward" };
      if (source.status === "priced") return pay;
      return source.status === "shipped" ? track : null;
    case "invoice":
      return source.status === "issued" ? { kind: "link", label: "viewInvoice", to: `/invoice/${source.id}` } : null;
  }
}

/** Rows on one page of the timeline. */
export const TIMELINE_PAGE_SIZE = 20;
/** Pages past this are not served; the offset stays bounded. */
export const MAX_TIMELINE_PAGE = 500;

/** Newest first; on the same instant, a stable order by kind and id so pages never overlap. */
export function compareTimeline(a: Pick<TimelineSource, "at" | "kind" | "id">, b: Pick<TimelineSource, "at" | "kind" | "id">) {
  return b.at.getTime() - a.at.getTime() || a.kind.localeCompare(b.kind) || b.id - a.id;
}
