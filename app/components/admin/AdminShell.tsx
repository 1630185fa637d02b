import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import type { Permission, StaffRole } from "~/models/staff/roles";

// The back office's frame: a skip link, the menu of what the role opens,
// who is signed in and the sign-out button; plain links and a form, so it
// works without scripts and from the keyboard alone.

const MENU: { to: string; label: string; permission: Permission; end?: boolean }[] = [
  { to: "/admin", label: "admin.nav.dashboard", permission: "dashboard", end: true },
  { to: "/admin/orders", label: "admin.nav.orders", permission: "orders.read" },
  { to: "/admin/quotes", label: "admin.nav.quotes", permission: "quotes.read" },
  { to: "/admin/parcels", label: "admin.nav.parcels", permission: "parcels.receive" },
  { to: "/admin/forwarding", label: "admin.nav.forwarding", permission: "forwarding.read" },
  { to: "/admin/invoices", label: "admin.nav.invoices", permission: "invoices.read" },
  { to: "/admin/claims", label: "admin.nav.claims", permission: "claims.manage" },
  { to: "/admin/reservations", label: "admin.nav.reservations", permission: "reservations.read" },
  { to: "/admin/pro-applications", label: "admin.nav.pro", permission: "pro.decide" },
  { to: "/admin/customers", label: "admin.nav.customers", permission: "customers.read" },
  { to: "/admin/products", label: "admin.nav.products", permission: "catalogue.edit" },
  { to: "/admin/listings", label: "admin.nav.listings", permission: "catalogue.edit" },
  { to: "/admin/categories", label: "admin.nav.categories", permission: "catalogue.edit" },
  { to: "/admin/products/bulk", label: "admin.nav.bulk", permission: "catalogue.edit" },
  { to: "/admin/promotions", label: "admin.nav.promotions", permission: "promotions.manage" },
  { to: "/admin/redirects", label: "admin.nav.redirects", permission: "promotions.manage" },
  { to: "/admin/content", label: "admin.nav.content", permission: "content.manage" },
  { to: "/admin/settings", label: "admin.nav.settings", permission: "settings.manage" },
  { to: "/admin/staff", label: "admin.nav.staff", permission: "staff.manage" },
  { to: "/admin/audit", label: "admin.nav.audit", permission: "audit.read" },
];

export function AdminShell({ staff, allowed, children }: { staff: { name: string; role: StaffRole } | null; allowed: Permission[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-surface-muted">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-surface focus:px-3 focus:py-2">
        {t("admin.skipToContent")}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold">{t("admin.title")}</p>
          {staff ? (
            <>
              {/* On a phone the menu is one row that scrolls sideways, so the page itself starts on the first screen. */}
              <nav aria-label={t("admin.nav.label")} className="-mx-4 flex w-[calc(100%+2rem)] gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:w-auto md:flex-wrap md:overflow-visible md:px-0 md:pb-0">
                {MENU.filter((item) => allowed.includes(item.permission)).map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => `shrink-0 whitespace-nowrap rounded px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand text-on-brand" : "hover:bg-surface-muted"}`}
                  >
                    {t(item.label)}
                  </NavLink>
                ))}
              </nav>
              <div className="ml-auto flex items-center gap-3 text-sm">
                <span className="text-ink-muted">{t("admin.nav.signedInAs", { name: staff.name, role: t(`admin.roles.${staff.role}`) })}</span>
                <Form method="post" action="/admin/logout">
                  <button type="submit" className="button-secondary text-sm">
                    {t("admin.nav.signOut")}
                  </button>
                </Form>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
