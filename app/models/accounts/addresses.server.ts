import type { Address } from "~/models/accounts/schemas";
import { db } from "~/models/db/db.server";
import { refuse, type Outcome } from "./outcome";

// A customer's delivery addresses. Every read and write names the owner, so
// another customer's address id finds nothing. The delivery-address page
// and the JSON API both call the use cases at the end of this module.

export const MAX_ADDRESSES = 20;

const COLUMNS = ["id", "first_name", "last_name", "first_address", "city", "zip", "phone_number", "country_id"] as const;

export function listAddresses(userId: number) {
  return db().selectFrom("delivery_addresses").select(COLUMNS).where("user_id", "=", userId).orderBy("id").execute();
}

export async function countryExists(countryId: number) {
  return Boolean(await db().selectFrom("countries").select("id").where("id", "=", countryId).executeTakeFirst());
}

export function listCountries() {
  return db().selectFrom("countries").select(["id", "iso_code", "name"]).orderBy("name").execute();
}

export class TooManyAddressesError extends Error {}

export async function addAddress(userId: number, address: Address) {
  const { count } = await db()
    .selectFrom("delivery_addresses")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_ADDRESSES) throw new TooManyAddressesError();
  return db()
    .insertInto("delivery_addresses")
    .values({ ...address, user_id: userId })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The updated address, or undefined when the customer has no address with that id. */
export function updateAddress(userId: number, id: number, address: Address) {
  return db()
    .updateTable("delivery_addresses")
    .set({ ...address, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Whether an address of the customer's was deleted. */
export async function deleteAddress(userId: number, id: number) {
  const result = await db().deleteFrom("delivery_addresses").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

/** Adds an address to the customer's book: the country must exist, and the book holds at most MAX_ADDRESSES. */
export async function addDeliveryAddress(userId: number, address: Address): Promise<Outcome<{ address: SavedAddress }, "unknown_country" | "too_many_addresses">> {
  if (!(await countryExists(address.country_id))) return refuse("unknown_country");
  try {
    return { ok: true, address: await addAddress(userId, address) };
  } catch (error) {
    if (error instanceof TooManyAddressesError) return refuse("too_many_addresses");
    throw error;
  }
}

/** Changes one of the customer's addresses; another customer's id, or none, is not found. */
export async function updateDeliveryAddress(
  userId: number,
  id: number,
  address: Address,
): Promise<Outcome<{ address: SavedAddress }, "unknown_country" | "not_found">> {
  if (!(await countryExists(address.country_id))) return refuse("unknown_country");
  const updated = await updateAddress(userId, id, address);
  return updated ? { ok: true, address: updated } : refuse("not_found");
}

/** Deletes one of the customer's addresses; another customer's id, or none, is not found. */
export async function deleteDeliveryAddress(userId: number, id: number): Promise<Outcome<object, "not_found">> {
  return (await deleteAddress(userId, id)) ? { ok: true } : refuse("not_found");
}
