import { useTranslation } from "~/hooks/use-translation";

const TONE: Record<string, string> = {
  expected: "bg-surface-muted text-ink",
  requested: "bg-surface-muted text-ink",
  info_needed: "bg-danger-soft text-danger",
  priced: "bg-danger-soft text-danger",
  delivered: "bg-success-soft text-success",
  cancelled: "bg-surface-muted text-ink-muted",
};

/** A parcel's or a forward request's status in words. */
export function ForwardingStatus({ kind, status }: { kind: "parcel" | "request"; status: string }) {
  const { t } = useTranslation();
  const label = t(kind === "parcel" ? `forwarding.status.${status}` : `forwarding.requestStatus.${status}`);
  return <span className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${TONE[status] ?? "bg-brand-soft text-ink"}`}>{label}</span>;
}
