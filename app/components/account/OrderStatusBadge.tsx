import { useTranslation } from "~/hooks/use-translation";
import type { OrderStatus } from "~/models/orders/orders";

const COLOURS: Record<OrderStatus, string> = {
  unpaid: "bg-danger text-on-brand",
  paid: "bg-brand-soft text-brand-strong",
  processing: "bg-brand-soft text-brand-strong",
  shipped: "bg-brand-soft text-brand-strong",
  delivered: "bg-success-soft text-success",
  cancelled: "bg-surface-muted text-ink-muted",
  refunded: "bg-surface-muted text-ink-muted",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[status]}`}>
      {t(`orders.status_${status}`)}
    </span>
  );
}
