import { useTranslation } from "~/hooks/use-translation";
import { pageNumbers } from "~/models/orders/orders";
import { LocaleLink } from "./LocaleLink";

/** Previous, next and numbered page links: real links, so paging works before JavaScript. */
export function Pagination({ current, pages, href }: { current: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = pageNumbers(current, pages);
  const linkClass = "rounded px-3 py-2 hover:bg-surface-muted";
  return (
    <nav aria-label={t("listing.pages")} className="mt-6 flex flex-wrap items-center justify-center gap-1 text-sm">
      {current > 1 ? (
        <LocaleLink to={href(current - 1)} rel="prev" className={linkClass}>
          {t("listing.previous")}
        </LocaleLink>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n} className="flex items-center">
          {index > 0 && n - numbers[index - 1]! > 1 ? <span className="px-1 text-ink-muted">…</span> : null}
          <LocaleLink
            to={href(n)}
            aria-label={t("listing.pageN", { page: n })}
            aria-current={n === current ? "page" : undefined}
            className={n === current ? "rounded bg-brand px-3 py-2 font-bold text-on-brand" : linkClass}
          >
            {n}
          </LocaleLink>
        </span>
      ))}
      {current < pages ? (
        <LocaleLink to={href(current + 1)} rel="next" className={linkClass}>
          {t("listing.next")}
        </LocaleLink>
      ) : null}
    </nav>
  );
}
