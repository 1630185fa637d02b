import { LocaleNavLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";

/**
 * Spec 2's "pro" layout: the pro area's pages under one heading and one
 * menu: the offer, and for a seller their listings and a new listing.
 */
export function ProLayout({ title, seller, children }: { title: string; seller: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const pages = [
    { to: "/pro", label: t("pro.navOffer"), end: true },
    ...(seller
      ? [
          { to: "/site-pro", label: t("pro.navSitePro"), end: true },
          { to: "/site-pro-edit/new", label: t("pro.newListing"), end: true },
        ]
      : []),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label={t("pro.navLabel")} className="mb-6 border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-x-6">
          {pages.map((page) => (
            <li key={page.to}>
              <LocaleNavLink
                to={page.to}
                end={page.end}
                className={({ isActive }) =>
                  `inline-block border-b-2 py-2 font-medium ${isActive ? "border-brand text-brand-strong" : "border-transparent hover:text-brand-strong"}`
                }
              >
                {page.label}
              </LocaleNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 id="pro-page-title" className="mb-6 text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {children}
    </div>
  );
}
