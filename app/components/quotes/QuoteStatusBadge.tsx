import { StatusBadge, type StatusTone } from "~/components/StatusBadge";
import { useTranslation } from "~/hooks/use-translation";
import type { QuoteStatus } from "~/models/db/schema";

const TONE: Record<QuoteStatus, StatusTone> = {
  requested: "new",
  priced: "action",
  paid: "progress",
  ordered: "progress",
  at_warehouse: "progress",
  shipped: "progress",
  delivered: "success",
  declined: "ended",
  cancelled: "ended",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONE[status]}>{t(`quotes.statuses.${status}`)}</StatusBadge>;
}
