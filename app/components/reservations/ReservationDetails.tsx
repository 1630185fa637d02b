import { useTranslation } from "~/hooks/use-translation";
import type { ReservationStatus } from "~/models/db/schema";

/** A reservation as the pages show it, its amounts and dates already written by the server. */
export type ReservationLines = {
  number: string;
  status: ReservationStatus;
  model: string;
  colour: string;
  storage: string;
  price: string;
  reservedAt: string;
  /** Until when a pending reservation can be confirmed. */
  confirmBy: string | null;
};

const STATUS_STYLE: Record<ReservationStatus, string> = {
  pending: "bg-brand-soft text-brand-strong",
  confirmed: "bg-success-soft text-success",
  cancelled: "bg-surface-muted text-ink-muted",
  expired: "bg-surface-muted text-ink-muted",
};

export function ReservationDetails({ reservation }: { reservation: ReservationLines }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("reservation.number"), reservation.number],
    [t("reservation.phoneModel"), reservation.model],
    [t("reservation.colour"), reservation.colour],
    [t("reservation.storage"), reservation.storage],
    [t("reservation.price"), reservation.price],
    [t("reservation.reservedAt"), reservation.reservedAt],
    ...(reservation.confirmBy ? [[t("reservation.confirmBy"), reservation.confirmBy] as [string, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="text-ink-muted">{t("reservation.status")}</dt>
        <dd>
          <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[reservation.status]}`}>
            {t(`reservation.statuses.${reservation.status}`)}
          </span>
        </dd>
      </div>
    </dl>
  );
}
