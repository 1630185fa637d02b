import { useTranslation } from "~/hooks/use-translation";
import type { QuoteStatus } from "~/models/db/schema";

const COLOURS: Record<QuoteStatus, string> = {
  requested: "bg-surface-muted text-ink",
  priced: "bg-danger text-on-brand",
  paid: "bg-brand-soft text-brand-strong",
  ordered: "bg-brand-soft text-brand-strong",
  at_warehouse: "bg-brand-soft text-brand-strong",
  shipped: "bg-brand-soft text-brand-strong",
  delivered: "bg-success-soft text-success",
  declined: "bg-surface-muted text-ink-muted",
  cancelled: "bg-surface-muted text-ink-muted",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[status]}`}>
      {t(`quotes.statuses.${status}`)}
    </span>
  );
}
