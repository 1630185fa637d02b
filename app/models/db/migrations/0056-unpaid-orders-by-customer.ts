import { sql, type Kysely } from "kysely";

// Every page a signed-in customer opens counts their unpaid orders and
// finds the newest (the header's alert, spec 3 and 4). orders_user lists a
// customer's orders by date and orders_status_created the whole shop's by
// state, so either reads far more than the few a customer leaves unpaid.
// Here they are alone, by id: the newest is the last entry.
export async function up(db: Kysely<unknown>) {
  await sql`create index orders_unpaid_by_user on orders (user_id, id) where status = 'unpaid'`.execute(db);
}
