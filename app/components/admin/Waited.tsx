import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";

/** How long a record has waited, in the largest whole unit (minutes, hours, days), the exact time on hover; `now` comes from the loader, so server and browser agree. */
export function Waited({ since, now }: { since: string | Date; now: number }) {
  const { t } = useTranslation();
  const minutes = Math.max(0, Math.round((now - new Date(since).getTime()) / 60_000));
  const text =
    minutes < 120
      ? t("admin.dashboard.ages.minutes", { n: minutes })
      : minutes < 48 * 60
        ? t("admin.dashboard.ages.hours", { n: Math.floor(minutes / 60) })
        : t("admin.dashboard.ages.days", { n: Math.floor(minutes / 1440) });
  return (
    <time dateTime={new Date(since).toISOString()} title={formatDateTime(since)} className="whitespace-nowrap">
      {text}
    </time>
  );
}
