import { useTranslation } from "~/hooks/use-translation";

/** How long something has waited, in the unit that reads best: minutes, then hours, then days; a dash for nothing waiting. */
export function WaitedFor({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  if (minutes === null) return <>{t("admin.dashboard.none")}</>;
  if (minutes < 120) return <>{t("admin.dashboard.ages.minutes", { n: minutes })}</>;
  if (minutes < 48 * 60) return <>{t("admin.dashboard.ages.hours", { n: Math.floor(minutes / 60) })}</>;
  return <>{t("admin.dashboard.ages.days", { n: Math.floor(minutes / 1440) })}</>;
}
