import type { StaffRole } from "~/models/db/schema";

// Who may do what in the back office (docs/back-office.md). Every /admin
// page and action names one permission; this table is the only place that
// says which roles hold it, and the role matrix test walks it whole.

export const STAFF_ROLES = ["owner", "operator", "support", "catalogue"] as const satisfies readonly StaffRole[];
export type { StaffRole };

// Each permission names the roles that hold it besides the owner, who holds
// them all. The operator runs the floor (orders, quotes, parcels, forwarding,
// invoices, claims, reservations) and moves a customer's balance; support
// answers customers: it reads, writes notes and helps them back into their
// account, but moves no money; the catalogue role keeps the shop's goods,
// texts and settings.
const HOLDERS = {
  /** The day's counts at /admin. */
  dashboard: ["operator", "support", "catalogue"],
  /** Orders, their pages and the CSV export. */
  "orders.read": ["operator", "support"],
  /** Pack, ship, mark delivered, cancel an unpaid order. */
  "orders.fulfil": ["operator"],
  /** Give money back: through the processor or to the balance. */
  "orders.refund": ["operator"],
  /** Quotes and their lines, as the customer sent them. */
  "quotes.read": ["operator", "support"],
  /** Price a quote: the lines, fees and the ways home. */
  "quotes.price": ["operator"],
  /** Record a declared parcel's arrival at the warehouse: weight, size, photos. */
  "parcels.receive": ["operator"],
  /** Forward requests and their parcels. */
  "forwarding.read": ["operator", "support"],
  /** Price, ship, deliver a forward request; ask its customer a question. */
  "forwarding.manage": ["operator"],
  /** Invoices and credit notes. */
  "invoices.read": ["operator", "support"],
  /** Issue an invoice, cancel one, credit one. */
  "invoices.manage": ["operator"],
  /** Claims and their files: read them, move them on, answer the customer. */
  "claims.manage": ["operator", "support"],
  /** Reservations of goods not yet in stock. */
  "reservations.read": ["operator", "support"],
  /** Allocate or cancel a reservation. */
  "reservations.manage": ["operator"],
  /** Decide a customer's application to sell (a pro seller account). */
  "pro.decide": [],
  /** Customers, their pages and timelines. */
  "customers.read": ["operator", "support"],
  /** Send a customer a password-reset link; block and unblock sign-in. */
  "customers.access": ["support"],
  /** Move a customer's stored balance. */
  "customers.balance": ["operator"],
  /** Write notes on orders and customers. */
  "notes.write": ["operator", "support"],
  /** Staff accounts: invite, disable, reset a second factor. */
  "staff.manage": [],
  /** The audit log. */
  "audit.read": [],
  /** Products, categories, bulk price and stock files, sellers' listings awaiting review. */
  "catalogue.edit": ["catalogue"],
  /** Promotion codes and redirects. */
  "promotions.manage": ["catalogue"],
  /** Content pages, FAQ, blog, the home page's sections, the notification strip. */
  "content.manage": ["catalogue"],
  /** Sites' settings, shipping and forwarding rates, import taxes. */
  "settings.manage": ["catalogue"],
} as const satisfies Record<string, readonly Exclude<StaffRole, "owner">[]>;

export type Permission = keyof typeof HOLDERS;
export const PERMISSIONS: readonly Permission[] = Object.keys(HOLDERS) as Permission[];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole, permission: Permission) {
  return role === "owner" || (HOLDERS[permission] as readonly StaffRole[]).includes(role);
}
