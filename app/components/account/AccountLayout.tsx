import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink, LocaleNavLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { useRootData } from "~/hooks/route-data";

/** The account pages' frame: a menu of the account's pages beside the page itself. */
export function AccountLayout({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <AccountMenu className="hidden md:block" />
      <section aria-labelledby="account-page-title" className="min-w-0">
        {/* On a phone the menu is a page of its own; this is the way back to it. */}
        <LocaleLink to="/user-account" className="link mb-3 inline-block text-sm md:hidden">
          ← {t("account.title")}
        </LocaleLink>
        <h1 id="account-page-title" className="mb-6 text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

const ACCOUNT_PAGES = [
  { to: "/my-orders", label: "account.navOrders" },
  { to: "/my-timeline", label: "account.navTimeline" },
  { to: "/quotes", label: "account.navQuotes" },
  { to: "/my-parcels", label: "account.navParcels" },
  { to: "/invoices", label: "account.navInvoices" },
  { to: "/my-claims", label: "claims.list.title" },
  { to: "/my-reservations", label: "reservation.mine.title" },
  { to: "/account-information", label: "account.navInformation" },
  { to: "/delivery-addresses", label: "account.navAddresses" },
  { to: "/balance-history", label: "account.navBalance" },
] as const;

/** The account's pages and the sign-out button; the mobile account page shows it on its own. */
export function AccountMenu({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  // A pro seller's listings (decision 030).
  const seller = useRootData()?.seller === true;
  const pages = seller ? [...ACCOUNT_PAGES, { to: "/site-pro", label: "pro.navSitePro" } as const] : ACCOUNT_PAGES;
  return (
    <nav aria-label={t("account.title")} className={className}>
      <ul className="flex flex-col gap-1">
        {pages.map((page) => (
          <li key={page.to}>
            <LocaleNavLink
              to={page.to}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand text-on-brand" : "hover:bg-surface-muted hover:text-brand-strong"}`
              }
            >
              {t(page.label)}
            </LocaleNavLink>
          </li>
        ))}
        <li className="mt-2 border-t border-line pt-2">
          <SignOutButton className="w-full rounded-lg px-3 py-2 text-left font-medium hover:bg-surface-muted hover:text-brand-strong" />
        </li>
      </ul>
    </nav>
  );
}

/** Signing out changes state, so it is a POST form, never a link. */
export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={`/${locale}/logout`}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button type="submit" className={className}>
        {t("account.signOut")}
      </button>
    </Form>
  );
}
