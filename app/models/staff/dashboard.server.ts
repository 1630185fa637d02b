import { sql } from "kysely";
import { db } from "~/models/db/db.server";

// The day's work at a glance (/admin): for each queue, how many wait and
// since when the oldest has waited. One query, so the page costs one round
// trip however many queues it shows.

export const QUEUES = [
  "orders_to_pack",
  "orders_to_ship",
  "payments_in_review",
  "quotes_to_price",
  "parcels_arrived",
  "forwards_to_price",
  "forwards_to_ship",
  "claims_open",
  "reservations_to_allocate",
  "pro_applications",
  "listings_to_review",
  "webhooks_refused",
  "payments_given_up",
] as const;
export type Queue = (typeof QUEUES)[number];

export type QueueCount = { queue: Queue; count: number; oldest: Date | null };

export async function dashboardCounts(): Promise<QueueCount[]> {
  const { rows } = await sql<{ queue: Queue; count: number; oldest: Date | null }>`
    select 'orders_to_pack' as queue, count(*)::int as count, min(coalesce(paid_at, created_at)) as oldest
      from orders where kind = 'marketplace' and status = 'paid'
    union all select 'orders_to_ship', count(*)::int, min(coalesce(packed_at, paid_at, created_at))
      from orders where kind = 'marketplace' and status = 'processing'
    union all select 'payments_in_review', count(*)::int, min(created_at) from payments where status = 'review'
    union all select 'quotes_to_price', count(*)::int, min(created_at) from quotes where status = 'requested'
    union all select 'parcels_arrived', count(*)::int, min(arrived_at) from parcels where status = 'arrived'
    union all select 'forwards_to_price', count(*)::int, min(created_at) from forward_requests where status = 'requested'
    union all select 'forwards_to_ship', count(*)::int, min(paid_at) from forward_requests where status = 'paid'
    union all select 'claims_open', count(*)::int, min(created_at) from claims where status in ('received', 'in_review')
    union all select 'reservations_to_allocate', count(*)::int, min(created_at) from reservations where status = 'pending'
    union all select 'pro_applications', count(*)::int, min(created_at) from pro_applications where status = 'pending'
    union all select 'listings_to_review', count(*)::int, min(submitted_at) from listing_reviews where status = 'pending'
    union all select 'webhooks_refused', coalesce(sum(occurrences), 0)::int, min(first_at) from payment_incidents where kind = 'webhook_refused' and resolved_at is null
    union all select 'payments_given_up', count(*)::int, min(first_at) from payment_incidents where kind = 'gave_up' and resolved_at is null
  `.execute(db());
  const byQueue = new Map(rows.map((row) => [row.queue, row]));
  return QUEUES.map((queue) => {
    const row = byQueue.get(queue);
    return { queue, count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  });
}
