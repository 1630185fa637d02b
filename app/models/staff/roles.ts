import type { StaffRole } from "~/models/db/schema";

// Who may do what in the back office (docs/back-office.md). Every /admin
// page and action names one permission; this table is the only place that
// says which roles hold it, and the role matrix test walks it whole.

export const STAFF_ROLES = ["owner", "operator", "support", "catalogue"] as const satisfies readonly StaffRole[];
export type { StaffRole };

export const PERMISSIONS = [
  /** The day's counts at /admin. */
  "dashboard",
  /** Orders, their pages and the CSV export. */
  "orders.read",
  /** Pack, ship, mark delivered, cancel an unpaid order. */
  "orders.fulfil",
  /** Give money back: through the processor or to the balance. */
  "orders.refund",
  /** Quotes and their lines, as the customer sent them. */
  "quotes.read",
  /** Price a quote: the lines, fees and the ways home. */
  "quotes.price",
  /** Record a declared parcel's arrival at the warehouse: weight, size, photos. */
  "parcels.receive",
  /** Forward requests and their parcels. */
  "forwarding.read",
  /** Price, ship, deliver a forward request; ask its customer a question. */
  "forwarding.manage",
  /** Invoices and credit notes. */
  "invoices.read",
  /** Issue an invoice, cancel one, credit one. */
  "invoices.manage",
  /** Claims and their files: read them, move them on, answer the customer. */
  "claims.manage",
  /** Reservations of goods not yet in stock. */
  "reservations.read",
  /** Allocate or cancel a reservation. */
  "reservations.manage",
  /** Decide a customer's application to sell (a pro seller account). */
  "pro.decide",
  /** Customers, their pages and timelines. */
  "customers.read",
  /** Send a customer a password-reset link; block and unblock sign-in. */
  "customers.access",
  /** Move a customer's stored balance. */
  "customers.balance",
  /** Write notes on orders and customers. */
  "notes.write",
  /** Staff accounts: invite, disable, reset a second factor. */
  "staff.manage",
  /** The audit log. */
  "audit.read",
  /** Products, categories, bulk price and stock files, sellers' listings awaiting review. */
  "catalogue.edit",
  /** Promotion codes and redirects. */
  "promotions.manage",
  /** Content pages, FAQ, blog, the home page's sections, the notification strip. */
  "content.manage",
  /** Sites' settings, shipping and forwarding rates, import taxes. */
  "settings.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL = new Set<Permission>(PERMISSIONS);

const GRANTS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: ALL,
  operator: new Set<Permission>([
    "dashboard",
    "orders.read",
    "orders.fulfil",
    "orders.refund",
    "quotes.read",
    "quotes.price",
    "parcels.receive",
    "forwarding.read",
    "forwarding.manage",
    "invoices.read",
    "invoices.manage",
    "claims.manage",
    "reservations.read",
    "reservations.manage",
    "customers.read",
    "customers.balance",
    "notes.write",
  ]),
  // Support answers customers: it reads, writes notes and helps them back
  // into their account, but moves no money.
  support: new Set<Permission>([
    "dashboard",
    "orders.read",
    "quotes.read",
    "forwarding.read",
    "invoices.read",
    "claims.manage",
    "reservations.read",
    "customers.read",
    "customers.access",
    "notes.write",
  ]),
  catalogue: new Set<Permission>(["dashboard", "catalogue.edit", "promotions.manage", "content.manage", "settings.manage"]),
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole, permission: Permission) {
  return GRANTS[role].has(permission);
}
