import { sql } from "kysely";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { compareTimeline, TIMELINE_PAGE_SIZE, type TimelineSource } from "./timeline";

// One page of a customer's timeline: the newest `page × size` of each kind,
// merged by date. Each query is scoped to the owner. A bill (the order that
// pays a quote, forward request or invoice) is not a row of its own: its
// total and slug show on what it bills.

const billOf = (kind: "quote" | "forward" | "invoice", sourceColumn: string) =>
  sql<string | null>`(select b.slug from orders b where b.kind = ${kind} and b.source_id = ${sql.ref(sourceColumn)} and b.status = 'unpaid')`;
const billTotal = (kind: "quote" | "forward" | "invoice", sourceColumn: string) =>
  sql<number | null>`(select b.total_minor from orders b where b.kind = ${kind} and b.source_id = ${sql.ref(sourceColumn)} and b.status <> 'cancelled')`;
const trackingOf = (kind: "order" | "quote" | "forward", idColumn: string) =>
  sql<string | null>`(select s.tracking_number from shipments s where s.subject_kind = ${kind} and s.subject_id = ${sql.ref(idColumn)} order by s.id desc limit 1)`;

/** What a quote's, forward request's or invoice's bill asks, in its currency; no amount while there is no bill. */
const billed = (row: { total_minor: number | null; currency: string }) => ({
  totalMinor: row.total_minor === null ? null : Number(row.total_minor),
  currency: row.currency,
});

/** What every entry has, whatever its kind; the rest starts empty for each kind to fill in. */
function entry(kind: TimelineSource["kind"], row: { id: number | string | bigint; status: string }, at: Date | string) {
  return {
    kind,
    id: Number(row.id),
    status: row.status,
    at: new Date(at),
    slug: null,
    billSlug: null,
    infoSlug: null,
    trackingNumber: null,
    warehouse: null,
    totalMinor: null,
    currency: null,
  };
}

export type TimelinePage = { items: TimelineSource[]; hasMore: boolean };

export async function timelinePage(userId: number, page: number): Promise<TimelinePage> {
  const take = page * TIMELINE_PAGE_SIZE + 1;
  const [orders, quotes, parcels, forwards, invoices] = await Promise.all([
    db()
      .selectFrom("orders as o")
      .innerJoin("currencies as c", "c.id", "o.currency_id")
      .select(["o.id", "o.slug", "o.kind", "o.source_id", "o.status", "o.created_at", "o.total_minor", "c.iso_code as currency"])
      .select(trackingOf("order", "o.id").as("tracking_number"))
      .where("o.user_id", "=", userId)
      // Bills show on what they bill; an order of a kind with nothing behind it (older data) shows as itself.
      .where((eb) => eb.or([eb("o.kind", "=", "marketplace"), eb("o.source_id", "is", null)]))
      .orderBy("o.created_at", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("quotes as q")
      .innerJoin("currencies as c", "c.id", "q.currency_id")
      .select(["q.id", "q.slug", "q.status", "q.created_at", "c.iso_code as currency"])
      .select([billOf("quote", "q.id").as("bill_slug"), billTotal("quote", "q.id").as("total_minor"), trackingOf("quote", "q.id").as("tracking_number")])
      .where("q.user_id", "=", userId)
      .orderBy("q.created_at", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("parcels as p")
      .innerJoin("warehouses as w", "w.id", "p.warehouse_id")
      .select(["p.id", "p.status", "p.created_at", "p.tracking_number", "w.code as warehouse"])
      .where("p.user_id", "=", userId)
      .orderBy("p.created_at", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("forward_requests as f")
      .innerJoin("currencies as c", "c.id", "f.currency_id")
      .select(["f.id", "f.slug", "f.status", "f.created_at", "f.tracking_number", "c.iso_code as currency"])
      .select([billOf("forward", "f.id").as("bill_slug"), billTotal("forward", "f.id").as("total_minor")])
      .select(
        sql<string | null>`(select i.slug from info_requests i where i.subject_kind = 'forward' and i.subject_id = f.id and i.answered_at is null order by i.id desc limit 1)`.as(
          "info_slug",
        ),
      )
      .where("f.user_id", "=", userId)
      .orderBy("f.created_at", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("invoices as i")
      .innerJoin("currencies as c", "c.id", "i.currency_id")
      .select(["i.id", "i.number", "i.status", "i.issued_at", "c.iso_code as currency"])
      .select(billTotal("invoice", "i.id").as("total_minor"))
      .where("i.user_id", "=", userId)
      .orderBy("i.issued_at", "desc")
      .limit(take)
      .execute(),
  ]);

  const all: TimelineSource[] = [
    ...orders.map((o) => ({
      ...entry("order", o, o.created_at),
      slug: o.slug,
      trackingNumber: o.tracking_number,
      number: orderNumber(o.kind, Number(o.source_id ?? o.id)),
      totalMinor: Number(o.total_minor),
      currency: o.currency,
    })),
    ...quotes.map((q) => ({
      ...entry("quote", q, q.created_at),
      slug: q.slug,
      billSlug: q.bill_slug,
      trackingNumber: q.tracking_number,
      number: orderNumber("quote", Number(q.id)),
      ...billed(q),
    })),
    ...parcels.map((p) => ({
      ...entry("parcel", p, p.created_at),
      warehouse: p.warehouse,
      number: p.tracking_number,
    })),
    ...forwards.map((f) => ({
      ...entry("forward", f, f.created_at),
      slug: f.slug,
      billSlug: f.bill_slug,
      infoSlug: f.info_slug,
      trackingNumber: f.tracking_number,
      number: orderNumber("forward", Number(f.id)),
      ...billed(f),
    })),
    ...invoices.map((i) => ({
      ...entry("invoice", i, i.issued_at),
      number: i.number,
      ...billed(i),
    })),
  ].sort(compareTimeline);

  const start = (page - 1) * TIMELINE_PAGE_SIZE;
  return { items: all.slice(start, start + TIMELINE_PAGE_SIZE), hasMore: all.length > start + TIMELINE_PAGE_SIZE };
}
