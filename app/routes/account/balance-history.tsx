import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { HeadedSection } from "~/components/HeadedSection";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { BalanceHistoryCards, BalanceHistoryTable, useEuro } from "~/components/account/BalanceHistory";
import { LocaleLink } from "~/components/LocaleLink";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";
import { listBalanceHistory } from "~/models/balance/balance.server";

// /balance-history: the stored balance and every movement of it, newest
// first, a page at a time (?page=N).
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

/** The page's own address for a page of the history; page 1 has no query. */
function pageHref(page: number) {
  return page > 1 ? `/balance-history?page=${page}` : "/balance-history";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const url = new URL(request.url);
  const requested = url.searchParams.get("page");
  const page = requested === null ? 1 : /^\d{1,9}$/.test(requested) ? Number(requested) : 0;
  if (page < 1) throw redirect(url.pathname);
  const [t, history] = await Promise.all([i18nServer.getFixedT(locale), listBalanceHistory(user.id, { page })]);
  // Past the last page (the history is shorter than the link remembered): the last page.
  if (page > Math.max(history.pages, 1)) throw redirect(`${url.pathname}${history.pages > 1 ? `?page=${history.pages}` : ""}`);
  return { title: t("balance.title"), history };
}

export default function BalanceHistoryPage() {
  const { title, history } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const euro = useEuro();
  const from = (history.page - 1) * history.per_page + 1;
  const to = from + history.items.length - 1;

  return (
    <AccountLayout title={title}>
      <HeadedSection id="current-balance" heading={t("balance.current")} className="rounded-xl border border-line bg-brand-soft p-5 sm:p-6" headingClassName="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        <p className="mt-1 text-4xl font-extrabold tabular-nums text-brand-strong" data-testid="current-balance">
          {euro(history.balance_minor)}
        </p>
        <p className="mt-2 text-sm text-ink-muted">{t("balance.currentHint")}</p>
        <LocaleLink to="/balance/pay" className="button-primary mt-4">
          {t("payment.topUp.link")}
        </LocaleLink>
      </HeadedSection>

      <HeadedSection
        id="balance-history"
        heading={t("balance.history")}
        className="mt-8"
        headingClassName="text-xl font-bold"
        aside={
          history.total > 0 ? (
            <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
              <span>{t("balance.shown", { from, to, total: history.total })}</span>
              <span aria-hidden="true">·</span>
              <span>{t("balance.inEuro")}</span>
            </p>
          ) : null
        }
      >
        {history.total === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">{t("balance.empty")}</p>
        ) : (
          <>
            <BalanceHistoryTable entries={history.items} className="hidden lg:block" />
            <BalanceHistoryCards entries={history.items} className="lg:hidden" />
            <Pager page={history.page} pages={history.pages} />
          </>
        )}
      </HeadedSection>
    </AccountLayout>
  );
}

/** Plain links, so paging works before JavaScript loads. */
function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const link = "rounded-lg border border-line-strong px-4 py-2 font-medium hover:bg-surface-muted";
  return (
    <nav aria-label={t("balance.pages")} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <LocaleLink to={pageHref(page - 1)} rel="prev" className={link}>
          ← {t("balance.newer")}
        </LocaleLink>
      ) : (
        <span />
      )}
      <span className="text-ink-muted" aria-current="page">
        {t("balance.pageOf", { page, pages })}
      </span>
      {page < pages ? (
        <LocaleLink to={pageHref(page + 1)} rel="next" className={link}>
          {t("balance.older")} →
        </LocaleLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
