import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "../LocaleLink";

export type Crumb = { label: string; to?: string };

/** Spec 2: "all offers" or "all categories", then the ancestors, then the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("listing.breadcrumbs")} className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {crumb.to && index < crumbs.length - 1 ? (
              <LocaleLink to={crumb.to} className="hover:text-brand-strong hover:underline">
                {crumb.label}
              </LocaleLink>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? "page" : undefined} className="font-medium text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The same crumbs for search bots (schema.org BreadcrumbList). */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string, locale: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      ...(crumb.to ? { item: `${origin}/${locale}${crumb.to === "/" ? "" : crumb.to}` } : {}),
    })),
  };
}
