import { useTranslation } from "~/hooks/use-translation";
import { pageNumbers } from "~/models/orders/orders";
import { LocaleLink } from "./LocaleLink";

/** Previous, next and numbered page links: real links, so paging works before JavaScript. */
export function Pagination({ current, pages, href }: { current: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = pageNumbers(current, pages);
  return (
    // Its looks are the `pages` rules in tailwind.css: the current page is the one marked aria-current.
    <nav aria-label={t("listing.pages")} className="pages">
      {current > 1 ? (
        <LocaleLink to={href(current - 1)} rel="prev">
          {t("listing.previous")}
        </LocaleLink>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n}>
          {index > 0 && n - numbers[index - 1]! > 1 ? <span>…</span> : null}
          <LocaleLink to={href(n)} aria-label={t("listing.pageN", { page: n })} aria-current={n === current ? "page" : undefined}>
            {n}
          </LocaleLink>
        </span>
      ))}
      {current < pages ? (
        <LocaleLink to={href(current + 1)} rel="next">
          {t("listing.next")}
        </LocaleLink>
      ) : null}
    </nav>
  );
}
