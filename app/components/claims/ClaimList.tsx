import { LIST_CELL, ListTable } from "~/components/ListTable";
import { LocaleLink } from "~/components/LocaleLink";
import { StatusBadge, type StatusTone } from "~/components/StatusBadge";
import { useTranslation } from "~/hooks/use-translation";
import type { ClaimStatus } from "~/models/claims/claim-form";

// The customer's claims as /my-claims lists them.

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
  answers: Array<{ body: string; date: string }>;
};

export function ClaimList({ claims }: { claims: ClaimRow[] }) {
  const { t } = useTranslation();
  return (
    <ListTable
      caption={t("claims.list.caption")}
      minWidth="min-w-[36rem]"
      columns={[
        { label: t("claims.list.number") },
        { label: t("claims.list.date") },
        { label: t("claims.list.order") },
        { label: t("claims.list.lines") },
        { label: t("claims.list.reason") },
        { label: t("claims.list.status") },
      ]}
    >
      {claims.map((claim) => (
        <tr key={claim.number} className="border-b border-line">
          <th scope="row" className={`${LIST_CELL} text-left font-semibold`}>{claim.number}</th>
          <td className={`${LIST_CELL} whitespace-nowrap`}>{claim.date}</td>
          <td className={LIST_CELL}>
            <LocaleLink to={`/my-orders/${claim.order_slug}`} className="link">
              {claim.order_number}
            </LocaleLink>
          </td>
          <td className={LIST_CELL}>
            <ul>
              {claim.lines.map((line, i) => (
                <li key={i}>{t("claims.list.line", { quantity: line.quantity, name: line.name })}</li>
              ))}
            </ul>
          </td>
          <td className={LIST_CELL}>{t(`claims.reasons.${claim.reason}`)}</td>
          <td className={LIST_CELL}>
            <ClaimStatusBadge status={claim.status} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** Our answers to the customer's claims, the claim's number and the date above each; nothing when there are none. */
export function ClaimAnswers({ claims }: { claims: ClaimRow[] }) {
  const { t } = useTranslation();
  const answered = claims.flatMap((claim) => claim.answers.map((answer, i) => ({ ...answer, number: claim.number, key: `${claim.number}-${i}` })));
  if (answered.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="claim-answers">
      <h2 id="claim-answers" className="mb-3 text-xl font-semibold">
        {t("claims.list.answers")}
      </h2>
      <ul className="flex flex-col gap-3">
        {answered.map((answer) => (
          <li key={answer.key} className="rounded-lg border border-line p-4">
            <p className="text-sm font-semibold">{t("claims.list.answerOf", { number: answer.number, date: answer.date })}</p>
            <p className="mt-1 whitespace-pre-line break-words">{answer.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
