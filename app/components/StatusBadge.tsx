import type { ReactNode } from "react";

/** How a status looks: just begun, waiting on the customer, under way, done well, or over. */
export type StatusTone = "new" | "action" | "progress" | "success" | "ended";

const TONES: Record<StatusTone, string> = {
  new: "bg-surface-muted text-ink",
  action: "bg-danger text-on-brand",
  progress: "bg-brand-soft text-brand-strong",
  success: "bg-success-soft text-success",
  ended: "bg-surface-muted text-ink-muted",
};

/** A status as a small pill in its tone, the same on every list. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>{children}</span>;
}
