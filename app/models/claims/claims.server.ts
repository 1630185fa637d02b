import { sql } from "kysely";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { claimNumber, parseOrderNumber, type ClaimKind, type ClaimOrderLine, type ClaimReason, type ClaimStatus, type LineKey } from "./claim-form";

// Claims in the database. An order is found for a claim only through its
// owner (a signed-in customer's id) or through its number together with the
// email it was placed with: another customer's order is never found, and a
// wrong email is told apart from a wrong number by nobody.

type OrderKindForClaim = "marketplace" | "quote";

export type ClaimOrder = {
  id: number;
  slug: string;
  number: string;
  /** ISO 8601, UTC. */
  created_at: string;
  email: string;
  lines: ClaimOrderLine[];
};

const iso = (value: Date | string) => (typeof value === "string" ? new Date(value) : value).toISOString();

/** The customer's orders a claim may name, newest first: number and date for the form's select. */
export async function claimableOrders(userId: number, kinds: readonly OrderKindForClaim[]) {
  const rows = await db()
    .selectFrom("orders")
    .select(["slug", "kind", "id", "source_id", "created_at"])
    .where("user_id", "=", userId)
    .where("kind", "in", [...kinds])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({ slug: row.slug, number: orderNumber(row.kind, Number(row.source_id ?? row.id)), created_at: iso(row.created_at) }));
}

type OrderRow = { id: number; slug: string; kind: OrderKindForClaim | "forward" | "invoice" | "listing"; source_id: number | null; created_at: Date | string; email: string | null };

function orderQuery(kinds: readonly OrderKindForClaim[]) {
  return db()
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.slug", "o.kind", "o.source_id", "o.created_at"])
    .select(sql<string | null>`coalesce(o.email, u.email)`.as("email"))
    .where("o.kind", "in", [...kinds]);
}

/** The lines a claim may name: the order's items, or for a quote's bill without items the quote's lines. */
async function linesOf(order: OrderRow): Promise<ClaimOrderLine[]> {
  const items = await db().selectFrom("order_items").select(["id", "name", "quantity"]).where("order_id", "=", order.id).orderBy("id").execute();
  if (items.length > 0 || order.kind !== "quote" || order.source_id === null) {
    return items.map((item) => ({ key: `i${Number(item.id)}` as LineKey, name: item.name, quantity: item.quantity }));
  }
  const quoteLines = await db()
    .selectFrom("quote_lines")
    .select(["id", "title", "url", "quantity"])
    .where("quote_id", "=", order.source_id)
    .orderBy("position")
    .execute();
  return quoteLines.map((line) => ({ key: `q${Number(line.id)}` as LineKey, name: line.title ?? line.url, quantity: line.quantity }));
}

async function withLines(order: OrderRow | undefined): Promise<ClaimOrder | null> {
  if (!order) return null;
  const { kind, source_id, ...rest } = order;
  return {
    ...rest,
    id: Number(order.id),
    number: orderNumber(kind, Number(source_id ?? order.id)),
    created_at: iso(order.created_at),
    email: order.email ?? "",
    lines: await linesOf(order),
  };
}

/** The signed-in customer's own order by its slug, with its lines; null for anyone else's. */
export async function ownOrderForClaim(userId: number, slug: string, kinds: readonly OrderKindForClaim[]) {
  if (!slug) return null;
  return withLines(await orderQuery(kinds).where("o.slug", "=", slug).where("o.user_id", "=", userId).executeTakeFirst());
}

/** An order by its number (MP12, QU5) and the email it was placed with; null when either does not match. */
export async function guestOrderForClaim(numberText: string, email: string, kinds: readonly OrderKindForClaim[]) {
  const parsed = parseOrderNumber(numberText);
  const address = email.trim().toLowerCase();
  if (!parsed || !kinds.includes(parsed.kind) || !address) return null;
  const query = orderQuery([parsed.kind]).where(sql<boolean>`lower(coalesce(o.email, u.email)) = ${address}`);
  // A quote's number names the quote its bill pays (decision 027); a seeded bill may name none.
  const found =
    parsed.kind === "marketplace"
      ? query.where("o.id", "=", parsed.id)
      : query.where(sql<boolean>`coalesce(o.source_id, o.id) = ${parsed.id}`);
  return withLines(await found.orderBy("o.id").executeTakeFirst());
}

export type NewClaim = {
  kind: ClaimKind;
  userId: number | null;
  siteId: number | null;
  order: ClaimOrder;
  email: string;
  locale: string;
  reason: ClaimReason;
  description: string;
  lines: Array<{ key: LineKey; quantity: number }>;
  files: Array<{ storedName: string; originalName: string; type: string; size: number }>;
};

/** Writes the claim, its lines and its files in one transaction; the claim's id. Lines must be the order's. */
export async function saveClaim(claim: NewClaim): Promise<number> {
  const byKey = new Map(claim.order.lines.map((line) => [line.key, line]));
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("claims")
        .values({
          kind: claim.kind,
          user_id: claim.userId,
          site_id: claim.siteId,
          order_id: claim.order.id,
          email: claim.email,
          locale: claim.locale,
          reason: claim.reason,
          description: claim.description,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await trx
        .insertInto("claim_lines")
        .values(
          claim.lines.map(({ key, quantity }) => {
            const line = byKey.get(key);
            if (!line) throw new Error(`Line ${key} is not one of order ${claim.order.number}`);
            const ref = Number(key.slice(1));
            return { claim_id: id, order_item_id: key[0] === "i" ? ref : null, quote_line_id: key[0] === "q" ? ref : null, name: line.name, quantity };
          }),
        )
        .execute();
      if (claim.files.length > 0) {
        await trx
          .insertInto("claim_files")
          .values(claim.files.map((file, position) => ({ claim_id: id, position, stored_name: file.storedName, original_name: file.originalName, type: file.type, size_bytes: file.size })))
          .execute();
      }
      return id;
    });
}

export type ClaimSummary = {
  number: string;
  order_number: string;
  order_slug: string;
  reason: ClaimReason;
  status: ClaimStatus;
  /** ISO 8601, UTC. */
  created_at: string;
  lines: Array<{ name: string; quantity: number }>;
  file_count: number;
  /** What staff answered, oldest first (ISO 8601, UTC). */
  answers: Array<{ body: string; created_at: string }>;
};

/** The customer's claims, newest first, with the order each names. */
export async function listClaims(userId: number): Promise<ClaimSummary[]> {
  const rows = await db()
    .selectFrom("claims as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .select(["c.id", "c.reason", "c.status", "c.created_at", "o.kind", "o.source_id", "o.id as order_id", "o.slug as order_slug"])
    .select(sql<number>`(select count(*)::int from claim_files f where f.claim_id = c.id)`.as("file_count"))
    .where("c.user_id", "=", userId)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(200)
    .execute();
  const ids = rows.map((row) => Number(row.id));
  const [lines, answers] = ids.length
    ? await Promise.all([
        db().selectFrom("claim_lines").select(["claim_id", "name", "quantity"]).where("claim_id", "in", ids).orderBy("id").execute(),
        db().selectFrom("claim_answers").select(["claim_id", "body", "created_at"]).where("claim_id", "in", ids).orderBy("created_at").orderBy("id").execute(),
      ])
    : [[], []];
  return rows.map((row) => ({
    number: claimNumber(Number(row.id)),
    order_number: orderNumber(row.kind, Number(row.source_id ?? row.order_id)),
    order_slug: row.order_slug,
    reason: row.reason,
    status: row.status,
    created_at: iso(row.created_at),
    lines: lines.filter((line) => Number(line.claim_id) === Number(row.id)).map(({ name, quantity }) => ({ name, quantity })),
    file_count: row.file_count,
    answers: answers.filter((answer) => Number(answer.claim_id) === Number(row.id)).map((answer) => ({ body: answer.body, created_at: iso(answer.created_at) })),
  }));
}
