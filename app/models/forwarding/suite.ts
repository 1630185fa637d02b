// Every customer has a suite at each warehouse: the warehouse's own street
// address plus a line naming the customer, so that a parcel a foreign shop
// sends there can be told apart from everyone else's. The line is derived
// from the account's id alone, so it never changes and needs no storage.

export type WarehouseAddress = {
  code: string;
  name: string;
  street: string;
  city: string;
  region: string;
  zip: string;
  phone: string;
};

/** "BX-000123": the customer's number at every warehouse. */
export function suiteCode(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`Not a customer id: ${userId}`);
  return `BX-${String(userId).padStart(6, "0")}`;
}

/** The customer's id from their suite code as people type it ("BX-000123", "bx 123", "BX123"), or null. */
export function parseSuiteCode(text: string): number | null {
  const match = /^BX[\s-]*(\d{1,15})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The lines a customer gives a shop as the delivery address at one warehouse. */
export function suiteAddress(warehouse: WarehouseAddress, customer: { id: number; firstName: string; lastName: string }) {
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const lines = [
    name ? `${name} (${suiteCode(customer.id)})` : suiteCode(customer.id),
    warehouse.street,
    `Suite ${suiteCode(customer.id)}`,
    [warehouse.city, warehouse.region, warehouse.zip].filter(Boolean).join(", "),
    warehouse.name,
    warehouse.phone,
  ];
  return { code: warehouse.code, suite: suiteCode(customer.id), lines, text: lines.join("\n") };
}
