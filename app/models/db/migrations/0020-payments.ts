import { sql, type Kysely } from "kysely";

// Payments through real processors (decision 026): a payment pays an order
// or tops up a balance, through one processor, and is settled once. Events
// the processors send are kept under a unique key, so one is applied once.
export async function up(db: Kysely<unknown>) {
  await sql`
    -- Which processor stands behind each payment method of a site, and in
    -- which of its languages the method is offered (null: all of them).
    alter table payment_methods
      add column processor text not null default 'sandbox' check (processor in ('sandbox', 'stripe', 'paypal', 'montonio', 'balance')),
      add column languages text[];
    update payment_methods set processor = case provider when 1 then 'stripe' when 4 then 'balance' end;
    insert into payment_methods (site_id, provider, fee, fee_type, position, processor)
    select id, 2, 0.35, 'fixed', 1, 'paypal' from sites
    union all
    select id, 3, 0, 'fixed', 2, 'montonio' from sites;
    update payment_methods set position = 3 where provider = 4;
    alter table payment_methods add check ((provider = 4) = (processor = 'balance'));

    alter table payments
      alter column order_id drop not null,
      add column purpose text not null default 'order' check (purpose in ('order', 'top-up')),
      add column user_id bigint references users,
      add column processor text not null default 'sandbox' check (processor in ('sandbox', 'stripe', 'paypal', 'montonio')),
      add column currency text not null default 'EUR',
      add column processor_ref text,
      add column transaction_id text,
      add column redirect_url text,
      -- The part of an order the stored balance pays beside the processor:
      -- taken from the balance when the payment starts, given back if it
      -- does not end paid.
      add column balance_hold_minor bigint not null default 0 check (balance_hold_minor >= 0),
      add column balance_released boolean not null default false,
      -- What a payment flagged for an operator was found to be.
      add column review_reason text,
      add column checked_at timestamptz,
      add column refunded_minor bigint not null default 0 check (refunded_minor >= 0),
      add check ((purpose = 'order') = (order_id is not null)),
      add check (purpose = 'order' or user_id is not null);
    alter table payments drop constraint payments_status_check;
    alter table payments add constraint payments_status_check
      check (status in ('pending', 'paid', 'failed', 'declined', 'abandoned', 'review'));
    update payments set processor = 'sandbox';
    create unique index payments_processor_ref on payments (processor, processor_ref);
    create index payments_pending on payments (created_at) where status = 'pending';

    -- Every webhook applied, by the processor's own id of the event.
    create table payment_events (
      processor text not null,
      event_id text not null,
      payment_id bigint references payments,
      status text not null,
      received_at timestamptz not null default now(),
      primary key (processor, event_id)
    );

    -- The sandbox processor's own books: what its "bank" decided, apart from
    -- what the shop has recorded, as a real processor's would be.
    create table sandbox_payments (
      ref text primary key,
      reference text not null,
      amount_minor bigint not null,
      currency text not null,
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'declined')),
      -- A payment that pays after a delay stays pending until then.
      pays_at timestamptz,
      webhook_url text not null,
      return_url text not null,
      cancel_url text not null,
      refunded_minor bigint not null default 0,
      created_at timestamptz not null default now()
    );

    alter table orders drop constraint if exists orders_status_check;
    alter table orders add constraint orders_status_check
      check (status in ('unpaid', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'));
  `.execute(db);
}
