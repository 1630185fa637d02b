import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";

// A list's previous and next pages, as links that keep the list's filter:
// they work without scripts and can be opened in a new tab.

export function Pager({ page, hasMore, label, previous, next, current }: { page: number; hasMore: boolean; label: string; previous?: string; next?: string; current?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pageLink = (to: number) => {
    const query = new URLSearchParams(params);
    query.set("page", String(to));
    return `?${query}`;
  };
  return (
    <nav className="flex items-center gap-3" aria-label={label}>
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="button-secondary" rel="prev">
          {previous ?? t("admin.orders.previous")}
        </Link>
      ) : null}
      {current ? <span className="text-sm text-ink-muted">{current}</span> : null}
      {hasMore ? (
        <Link to={pageLink(page + 1)} className="button-secondary" rel="next">
          {next ?? t("admin.orders.next")}
        </Link>
      ) : null}
    </nav>
  );
}
