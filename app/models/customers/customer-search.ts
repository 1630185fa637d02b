import { parseSuiteCode } from "~/models/forwarding/suite";
import { orderNumberParts, type OrderKind } from "~/models/orders/orders";

// What staff type into the customers search, read as what it is: a suite
// code (BX-000123), an order, quote or forward request number (MP12, QU5,
// FR7), a bare number (any of those ids), the start of an email address,
// or the start of a name. Each is looked up by an index (models/customers/
// staff-customers.server.ts); nothing here touches the database.

export const CUSTOMERS_PAGE_SIZE = 50;

export type CustomerQuery =
  | { by: "all" }
  | { by: "suite"; userId: number }
  | { by: "number"; kind: OrderKind; id: number }
  | { by: "id"; id: number }
  | { by: "email"; prefix: string }
  | { by: "text"; prefix: string };

/** Escapes LIKE's wildcards, so what was typed is matched as written. */
export const likePrefix = (text: string) => `${text.replace(/[%_\\]/g, "\\$&")}%`;

export function customerQueryOf(text: string | null | undefined): CustomerQuery {
  const typed = (text ?? "").trim().replace(/\s+/g, " ").slice(0, 254);
  if (!typed) return { by: "all" };
  const suite = parseSuiteCode(typed);
  if (suite) return { by: "suite", userId: suite };
  const number = orderNumberParts(typed);
  if (number) return { by: "number", ...number };
  if (/^\d{1,15}$/.test(typed) && Number.isSafeInteger(Number(typed)) && Number(typed) > 0) return { by: "id", id: Number(typed) };
  const lower = typed.toLowerCase();
  return lower.includes("@") ? { by: "email", prefix: lower } : { by: "text", prefix: lower };
}
