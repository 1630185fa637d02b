import { LocaleLink } from "~/components/LocaleLink";
import { StatusBadge, type StatusTone } from "~/components/StatusBadge";
import { useTranslation } from "~/hooks/use-translation";
import type { ClaimStatus } from "~/models/claims/claim-form";

// The customer's claims as /my-claims lists them: a table on a wide screen
// that scrolls sideways on a phone rather than squeezing its columns.

const TONE: Record<ClaimStatus, StatusTone> = {
  received: "progress",
  in_review: "progress",
  approved: "success",
  rejected: "ended",
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONE[status]}>{t(`claims.status.${status}`)}</StatusBadge>;
}

export type ClaimRow = {
  number: string;
  order_number: string;
  order_slug: string;
  reason: string;
  status: ClaimStatus;
  date: string;
  lines: Array<{ name: string; quantity: number }>;
};

export function ClaimList({ claims }: { claims: ClaimRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left">
        <caption className="sr-only">{t("claims.list.caption")}</caption>
        <thead className="border-b border-line text-sm text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">{t("claims.list.number")}</th>
            <th scope="col" className="py-2 pr-3">{t("claims.list.date")}</th>
            <th scope="col" className="py-2 pr-3">{t("claims.list.order")}</th>
            <th scope="col" className="py-2 pr-3">{t("claims.list.lines")}</th>
            <th scope="col" className="py-2 pr-3">{t("claims.list.reason")}</th>
            <th scope="col" className="py-2">{t("claims.list.status")}</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.number} className="border-b border-line align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">{claim.number}</th>
              <td className="py-2 pr-3 whitespace-nowrap">{claim.date}</td>
              <td className="py-2 pr-3">
                <LocaleLink to={`/my-orders/${claim.order_slug}`} className="link">
                  {claim.order_number}
                </LocaleLink>
              </td>
              <td className="py-2 pr-3">
                <ul>
                  {claim.lines.map((line, i) => (
                    <li key={i}>{t("claims.list.line", { quantity: line.quantity, name: line.name })}</li>
                  ))}
                </ul>
              </td>
              <td className="py-2 pr-3">{t(`claims.reasons.${claim.reason}`)}</td>
              <td className="py-2">
                <ClaimStatusBadge status={claim.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
