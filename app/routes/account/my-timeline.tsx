import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { MAX_TIMELINE_PAGE, nextAction, timelineLink, type TimelineKind } from "~/models/timeline/timeline";
import { timelinePage } from "~/models/timeline/timeline.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// The account's timeline: orders, quotes, parcels, forward requests and
// invoices together, newest first, each with its status and what to do
// next; "older" pages by a plain link. Beside /my-orders, which lists the
// orders alone with their filters.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(requested) && requested >= 1 && requested <= MAX_TIMELINE_PAGE ? requested : 1;
  const timeline = await timelinePage(user.id, page);
  if (page > 1 && timeline.items.length === 0) throw redirect(localePath(locale, "/my-timeline"));
  return {
    title: t("timeline.title"),
    page,
    hasMore: timeline.hasMore,
    items: timeline.items.map((item) => ({
      key: `${item.kind}-${item.id}`,
      kind: item.kind,
      status: item.status,
      number: item.number,
      link: timelineLink(item),
      next: nextAction(item),
      date: formatDateTime(item.at.toISOString()),
      total: item.totalMinor !== null && item.currency ? formatMoney(item.totalMinor, item.currency, intlLocale(locale)) : null,
    })),
  };
}

/** Where each kind keeps the words for its statuses. */
const STATUS_KEYS: Record<TimelineKind, (status: string) => string> = {
  order: (status) => `orders.status_${status}`,
  quote: (status) => `quotes.statuses.${status}`,
  parcel: (status) => `forwarding.status.${status}`,
  forward: (status) => `forwarding.requestStatus.${status}`,
  invoice: (status) => `invoice.statuses.${status}`,
};

export default function TimelinePage() {
  const { title, items, page, hasMore } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      <p className="mb-6 text-ink-muted">{t("timeline.intro")}</p>
      {items.length === 0 ? (
        <p>{t("timeline.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={title}>
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line p-4">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-sm text-ink-muted">
                  <time>{item.date}</time> · {t(`timeline.kind_${item.kind}`)}
                </p>
                <LocaleLink to={item.link} className="link font-semibold break-all">
                  {item.number}
                </LocaleLink>
                <p className="text-sm">
                  <span className="font-medium">{t(STATUS_KEYS[item.kind](item.status))}</span>
                  {item.total ? <span className="text-ink-muted"> · {item.total}</span> : null}
                </p>
              </div>
              {item.next?.kind === "link" ? (
                <LocaleLink to={item.next.to} className="button-primary" aria-label={`${t(`timeline.next_${item.next.label}`)}: ${item.number}`}>
                  {t(`timeline.next_${item.next.label}`)}
                </LocaleLink>
              ) : item.next?.kind === "wait" ? (
                <p className="text-sm text-ink-muted">{t(`timeline.next_${item.next.label}`)}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label={t("timeline.pages")} className="mt-6 flex gap-4">
        {page > 1 ? (
          <LocaleLink to={page === 2 ? "/my-timeline" : `/my-timeline?page=${page - 1}`} className="link">
            ← {t("timeline.newer")}
          </LocaleLink>
        ) : null}
        {hasMore ? (
          <LocaleLink to={`/my-timeline?page=${page + 1}`} className="link">
            {t("timeline.older")} →
          </LocaleLink>
        ) : null}
      </nav>
    </AccountLayout>
  );
}
