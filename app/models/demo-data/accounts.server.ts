import type { Selectable } from "kysely";
import type { DB } from "~/models/db/db.server";
import type { OrderItemsTable } from "~/models/db/schema";
import { hashPassword } from "~/models/accounts/passwords.server";
import { mulberry32, randomHex, randomInt, type Random } from "./random";
import { BASE_DATE, COUNTRY_IDS, CURRENCY_IDS, LANGUAGE_IDS, SITE_IDS } from "./reference";

/** Sign-in details for trying the shop; documented in the README. */
export const DEMO_ACCOUNTS = {
  customer: {
    email: "customer@example.com",
    password: "demo-customer-2026",
    role: "customer",
    firstName: "Eglė",
    lastName: "Jankauskienė",
    phone: "+370 612 34567",
    languageId: LANGUAGE_IDS.lt,
  },
  pro: {
    email: "pro@example.com",
    password: "demo-pro-2026",
    role: "pro",
    firstName: "Mārtiņš",
    lastName: "Ozols",
    phone: "+371 2612 3456",
    languageId: LANGUAGE_IDS.lv,
  },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Business hours on the given day before the base date, minute chosen by the PRNG. */
function dayBefore(random: Random, days: number) {
  return new Date(BASE_DATE.getTime() - days * DAY_MS + randomInt(random, 9 * 60, 18 * 60) * MINUTE_MS);
}

/**
 * Argon2 is slow on purpose, so the hashes are made before the seeding
 * transaction opens. The salt is random: hashes differ between runs even
 * though everything else is fixed by the seed.
 */
export async function hashDemoPasswords(): Promise<Record<DemoAccountKey, string>> {
  const [customer, pro] = await Promise.all([hashPassword(DEMO_ACCOUNTS.customer.password), hashPassword(DEMO_ACCOUNTS.pro.password)]);
  return { customer, pro };
}

type Kind = "marketplace" | "quote" | "forward";
type Status = "unpaid" | "paid" | "processing" | "shipped" | "delivered" | "cancelled";

interface OrderPlan {
  kind: Kind;
  status: Status;
  shipping: "air" | "sea";
  daysAgo: number;
  /** Marketplace and quote orders hold seeded products; forwards hold the customer's own parcels. */
  products: number;
}

// Oldest first, so order ids grow with time like real ones.
const CUSTOMER_ORDERS: readonly OrderPlan[] = [
  { kind: "marketplace", status: "delivered", shipping: "air", daysAgo: 75, products: 2 },
  { kind: "forward", status: "delivered", shipping: "sea", daysAgo: 60, products: 0 },
  { kind: "quote", status: "shipped", shipping: "air", daysAgo: 40, products: 1 },
  { kind: "marketplace", status: "processing", shipping: "sea", daysAgo: 12, products: 3 },
  { kind: "marketplace", status: "unpaid", shipping: "air", daysAgo: 3, products: 1 },
  { kind: "quote", status: "unpaid", shipping: "air", daysAgo: 1, products: 2 },
];

const SHIPPING_MINOR = { air: 1290, sea: 690 } as const;
const FORWARD_SHIPPING_MINOR = { air: 3990, sea: 2490 } as const;
const FORWARD_HANDLING_MINOR = 500;
const SLUG_PREFIX: Record<Kind, string> = { marketplace: "mp", quote: "qu", forward: "fr" };
/** The quick start's address (README), which the sandbox's record of a demo payment names. */
const DEMO_ORIGIN = "http://localhost:3000";
/** Where the demo customer has everything sent: her first saved address. */
const CUSTOMER_ADDRESS = { first_name: "Eglė", last_name: "Jankauskienė", first_address: "Gedimino pr. 9-14", city: "Vilnius", zip: "LT-01103", phone_number: "+370 612 34567", country_id: COUNTRY_IDS.LT };

type ItemRow = Omit<Selectable<OrderItemsTable>, "id" | "order_id">;

async function pickProducts(db: DB, random: Random, productCount: number, count: number, languageId: number) {
  if (productCount === 0) return [];
  const ids = [...new Set(Array.from({ length: count }, () => randomInt(random, 1, productCount)))];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.language_id", "=", languageId))
    .select(["p.id", "p.sku", "p.price_minor", "p.image", "t.name"])
    .where("p.id", "in", ids)
    .orderBy("p.id")
    .execute();
  return rows;
}

async function insertCustomerOrders(db: DB, random: Random, userId: number, productCount: number) {
  const account = DEMO_ACCOUNTS.customer;
  const slugs = new Set<string>();
  const orders = [];
  for (const plan of CUSTOMER_ORDERS) {
    let items: ItemRow[];
    let shipping: number;
    if (plan.kind === "forward") {
      items = [
        { product_id: null, sku: "FR-PARCEL-1", name: "Siunta iš Vokietijos (2 pakuotės)", quantity: 1, price_minor: FORWARD_HANDLING_MINOR, image: null },
      ];
      shipping = FORWARD_SHIPPING_MINOR[plan.shipping];
    } else {
      const products = await pickProducts(db, random, productCount, plan.products, account.languageId);
      // Without a catalogue (--products 0) there is nothing to have bought.
      if (products.length === 0) continue;
      items = products.map((p) => ({
        product_id: p.id,
        sku: p.sku,
        name: p.name,
        quantity: randomInt(random, 1, 2),
        price_minor: p.price_minor,
        image: p.image,
      }));
      shipping = SHIPPING_MINOR[plan.shipping];
    }

    let slug: string;
    do slug = `${SLUG_PREFIX[plan.kind]}-${randomHex(random, 8)}`;
    while (slugs.has(slug));
    slugs.add(slug);

    const subtotal = items.reduce((sum, i) => sum + i.price_minor * i.quantity, 0);
    const createdAt = dayBefore(random, plan.daysAgo);
    const sourceId =
      plan.kind === "quote"
        ? await insertQuote(db, { userId, slug, plan, items, shipping, createdAt })
        : plan.kind === "forward"
          ? await insertForwardRequest(db, { userId, slug, plan, items, shipping, createdAt })
          : null;
    const order = await db
      .insertInto("orders")
      .values({
        // A quote's or forward request's page is found by its own slug; its bill has one of its own.
        slug: sourceId === null ? slug : `${slug}-b`,
        source_id: sourceId,
        user_id: userId,
        site_id: SITE_IDS.default,
        kind: plan.kind,
        status: plan.status,
        currency_id: CURRENCY_IDS.EUR,
        shipping_method: plan.shipping,
        address: JSON.stringify(CUSTOMER_ADDRESS),
        subtotal_minor: subtotal,
        shipping_minor: shipping,
        total_minor: subtotal + shipping,
        created_at: createdAt,
        paid_at: plan.status === "unpaid" || plan.status === "cancelled" ? null : new Date(createdAt.getTime() + 15 * MINUTE_MS),
      })
      .returning(["id", "slug", "kind", "source_id", "total_minor", "created_at", "paid_at"])
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values(items.map((i) => ({ ...i, order_id: order.id })))
      .execute();
    if (plan.kind === "marketplace" && order.paid_at) await insertCardPayment(db, { orderId: order.id, userId, slug, amountMinor: order.total_minor, createdAt, paidAt: order.paid_at });
    orders.push({ ...order, plan: { ...plan, slug } });
  }
  return orders;
}

/**
 * A marketplace order that was paid was paid by card through the sandbox (a
 * fresh install's processor), on both sides: the shop's payment and the
 * sandbox's own record, so the back office can refund it back to the card.
 * Quotes and forwards are paid from the balance (the history below).
 */
async function insertCardPayment(db: DB, { orderId, userId, slug, amountMinor, createdAt, paidAt }: { orderId: number; userId: number; slug: string; amountMinor: number; createdAt: Date; paidAt: Date }) {
  const token = `demo-${slug}`;
  const ref = `sbx_${slug.slice(3)}`;
  await db
    .insertInto("payments")
    .values({ token, order_id: orderId, user_id: userId, provider: 1, processor: "sandbox", amount_minor: amountMinor, processor_ref: ref, transaction_id: ref, status: "paid", created_at: createdAt, settled_at: paidAt })
    .execute();
  await db
    .insertInto("sandbox_payments")
    .values({
      ref,
      reference: token,
      amount_minor: amountMinor,
      currency: "EUR",
      status: "paid",
      webhook_url: `${DEMO_ORIGIN}/api/payments/webhooks/sandbox`,
      return_url: `${DEMO_ORIGIN}/en/payment/accept`,
      cancel_url: `${DEMO_ORIGIN}/en/payment/fail`,
      created_at: createdAt,
    })
    .execute();
}

type SourcePlan = { userId: number; slug: string; plan: OrderPlan; items: ItemRow[]; shipping: number; createdAt: Date };

/** The quote a seeded quote order bills: priced by the lines bought, paid unless the order waits for payment. */
async function insertQuote(db: DB, { userId, slug, plan, items, shipping, createdAt }: SourcePlan) {
  const paid = plan.status !== "unpaid";
  const quote = await db
    .insertInto("quotes")
    .values({
      slug,
      user_id: userId,
      site_id: SITE_IDS.default,
      language_id: DEMO_ACCOUNTS.customer.languageId,
      currency_id: CURRENCY_IDS.EUR,
      status: paid ? "shipped" : "priced",
      shop_shipping_minor: 0,
      service_fee_minor: 0,
      tax_minor: 0,
      air_minor: plan.shipping === "air" ? shipping : SHIPPING_MINOR.air,
      sea_minor: plan.shipping === "sea" ? shipping : SHIPPING_MINOR.sea,
      air_days: "5-9",
      sea_days: "30-45",
      shipping_method: plan.shipping,
      created_at: createdAt,
      priced_at: new Date(createdAt.getTime() + 60 * MINUTE_MS),
      paid_at: paid ? new Date(createdAt.getTime() + 75 * MINUTE_MS) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("quote_lines")
    .values(
      items.map((item, index) => ({
        quote_id: quote.id,
        position: index + 1,
        url: `https://www.amazon.de/dp/${item.sku}`,
        quantity: item.quantity,
        price_minor: item.price_minor,
        title: item.name,
      })),
    )
    .execute();
  return Number(quote.id);
}

/** The forward request a seeded forwarding order bills, with the parcel it sent home from Germany. */
async function insertForwardRequest(db: DB, { userId, slug, plan, items, shipping, createdAt }: SourcePlan) {
  const request = await db
    .insertInto("forward_requests")
    .values({
      slug,
      user_id: userId,
      site_id: SITE_IDS.default,
      warehouse_id: 3,
      currency_id: CURRENCY_IDS.EUR,
      status: plan.status === "delivered" ? "delivered" : "paid",
      shipping_method: plan.shipping,
      address: JSON.stringify(CUSTOMER_ADDRESS),
      shipping_minor: shipping,
      storage_fee_minor: items.reduce((sum, item) => sum + item.price_minor * item.quantity, 0),
      created_at: createdAt,
      priced_at: new Date(createdAt.getTime() + 5 * MINUTE_MS),
      paid_at: new Date(createdAt.getTime() + 15 * MINUTE_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const parcel = await db
    .insertInto("parcels")
    .values({
      user_id: userId,
      site_id: SITE_IDS.default,
      warehouse_id: 3,
      tracking_number: `JJD${slug.slice(3).toUpperCase()}`,
      carrier: "DHL",
      store_name: "Otto",
      status: plan.status === "delivered" ? "delivered" : "forwarding",
      weight_g: 2300,
      length_mm: 400,
      width_mm: 300,
      height_mm: 200,
      arrived_at: new Date(createdAt.getTime() - 4 * 24 * 60 * MINUTE_MS),
      created_at: new Date(createdAt.getTime() - 9 * 24 * 60 * MINUTE_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("parcel_lines").values({ parcel_id: parcel.id, position: 1, description: "Žieminiai batai", quantity: 2, value_minor: 8990 }).execute();
  await db.insertInto("forward_request_parcels").values({ forward_request_id: request.id, parcel_id: parcel.id }).execute();
  return Number(request.id);
}

interface EntryPlan {
  at: Date;
  rel_type: 0 | 1 | 2 | 3 | 4;
  type: 1 | 2;
  amount: number;
  rel_id?: number | null;
  quote_slug?: string | null;
  processor?: string;
  transactionId?: string;
}

/** Writes the entries as one unbroken chain and returns the closing balance. */
async function insertBalanceChain(db: DB, userId: number, plans: EntryPlan[]) {
  let balance = 0;
  const rows = plans.map((p) => {
    const start = balance;
    balance = p.type === 1 ? start + p.amount : start - p.amount;
    if (balance < 0) throw new Error("Demo balance history would go below zero");
    return {
      user_id: userId,
      rel_type: p.rel_type,
      type: p.type,
      rel_id: p.rel_id ?? null,
      quote_slug: p.quote_slug ?? null,
      payment_processor_name: p.processor ?? null,
      payment_processor_transaction_id: p.transactionId ?? null,
      amount_minor: p.amount,
      starting_balance_minor: start,
      end_balance_minor: balance,
      created_at: p.at,
    };
  });
  if (rows.length) await db.insertInto("balance_entries").values(rows).execute();
  await db.updateTable("users").set({ balance_minor: balance }).where("id", "=", userId).execute();
  return rows.length;
}

export async function insertAccounts(
  db: DB,
  { seed, products, passwordHashes }: { seed: number; products: number; passwordHashes: Record<DemoAccountKey, string> },
) {
  const random = mulberry32(seed ^ 0x5eed);
  const users: Record<DemoAccountKey, number> = { customer: 0, pro: 0 };
  for (const [key, daysAgo] of [["customer", 400], ["pro", 200]] as const) {
    const account = DEMO_ACCOUNTS[key];
    const createdAt = dayBefore(random, daysAgo);
    const row = await db
      .insertInto("users")
      .values({
        email: account.email,
        password_hash: passwordHashes[key],
        first_name: account.firstName,
        last_name: account.lastName,
        phone: account.phone,
        role: account.role,
        site_id: SITE_IDS.default,
        language_id: account.languageId,
        newsletter_subscribed: key === "customer",
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    users[key] = row.id;
  }

  // Two saved addresses, so checkout and the address book have something to show.
  await db
    .insertInto("delivery_addresses")
    .values([
      { user_id: users.customer, first_name: "Eglė", last_name: "Jankauskienė", first_address: "Gedimino pr. 9-14", city: "Vilnius", zip: "LT-01103", phone_number: "+370 612 34567", country_id: COUNTRY_IDS.LT },
      { user_id: users.customer, first_name: "Eglė", last_name: "Jankauskienė", first_address: "Laisvės al. 53", city: "Kaunas", zip: "LT-44309", phone_number: "+370 612 34567", country_id: COUNTRY_IDS.LT },
      { user_id: users.pro, first_name: "Mārtiņš", last_name: "Ozols", first_address: "Brīvības iela 76", city: "Rīga", zip: "LV-1001", phone_number: "+371 2612 3456", country_id: COUNTRY_IDS.LV },
    ])
    .execute();

  const orders = await insertCustomerOrders(db, random, users.customer, products);
  const forward = orders.find((o) => o.kind === "forward");
  const quote = orders.find((o) => o.kind === "quote" && o.plan.status !== "unpaid");
  const card = () => ({ processor: "Card", transactionId: `ch_${randomHex(random, 24)}` });
  const wallet = () => ({ processor: "Online wallet", transactionId: `wl_${randomHex(random, 16).toUpperCase()}` });

  // Every kind of movement the balance history can show: top-ups by two
  // processors, an admin top-up and deduction, a quote and a forward request
  // paid from the balance and partly refunded, and a misc invoice.
  const quotePaid = quote ? Math.min(quote.total_minor, 4590) : 0;
  const customerEntries: EntryPlan[] = [
    { at: dayBefore(random, 90), rel_type: 3, type: 1, amount: 10000, ...card() },
    ...(forward ? [{ at: forward.created_at as Date, rel_type: 1, type: 2, amount: forward.total_minor, rel_id: forward.source_id! } as const] : []),
    { at: dayBefore(random, 55), rel_type: 2, type: 1, amount: 1500 },
    ...(quote
      ? ([
          { at: quote.created_at as Date, rel_type: 0, type: 2, amount: quotePaid, rel_id: quote.source_id!, quote_slug: quote.plan.slug },
          { at: dayBefore(random, 30), rel_type: 0, type: 1, amount: Math.min(1250, quotePaid), rel_id: quote.source_id!, quote_slug: quote.plan.slug },
        ] as const)
      : []),
    { at: dayBefore(random, 20), rel_type: 3, type: 1, amount: 5000, ...wallet() },
    { at: dayBefore(random, 15), rel_type: 4, type: 2, amount: 999, rel_id: 4101 },
    ...(forward ? [{ at: dayBefore(random, 10), rel_type: 1, type: 1, amount: 500, rel_id: forward.source_id! } as const] : []),
    { at: dayBefore(random, 5), rel_type: 2, type: 2, amount: 321 },
  ];
  const proEntries: EntryPlan[] = [
    { at: dayBefore(random, 150), rel_type: 3, type: 1, amount: 25000, ...card() },
    { at: dayBefore(random, 100), rel_type: 4, type: 2, amount: 4900, rel_id: 4102 },
  ];
  const balanceEntries =
    (await insertBalanceChain(db, users.customer, customerEntries)) + (await insertBalanceChain(db, users.pro, proEntries));

  return { users: 2, orders: orders.length, balanceEntries };
}
