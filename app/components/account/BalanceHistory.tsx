import { useTranslation } from "~/hooks/use-translation";
import { BALANCE_TYPE, showBalanceEntry, type BalanceEntryView } from "~/models/balance/balance-entry";
import { intlLocale } from "~/lib/i18n";
import { formatMoney, type Minor } from "~/lib/money";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { LIST_CELL, ListTable } from "~/components/ListTable";

// The pieces of the balance pages. The ledger is kept in EUR, so amounts are
// shown in EUR whatever currency the shopper browses in.

export type BalanceEntryData = BalanceEntryView & {
  created_at: Date;
  amount_minor: Minor;
  starting_balance_minor: Minor;
  end_balance_minor: Minor;
};

/** Formats EUR minor units in the page's language. */
export function useEuro() {
  const locale = intlLocale(useLocale());
  return (amount: Minor) => formatMoney(amount, "EUR", locale);
}

/** The amount with its sign, green when it came in and red when it went out. */
export function EntryAmount({ entry, className = "" }: { entry: BalanceEntryData; className?: string }) {
  const euro = useEuro();
  const signed = showBalanceEntry(entry).signedAmount;
  const addition = entry.type === BALANCE_TYPE.addition;
  return (
    <span className={`font-semibold whitespace-nowrap tabular-nums ${addition ? "text-success" : "text-danger"} ${className}`}>
      {signed > 0 ? "+" : ""}
      {euro(signed)}
    </span>
  );
}

/** 'QU…' and 'FR…' numbers, a top-up's transaction id, or nothing; a quote's links to it. */
export function EntryOrderNumber({ entry }: { entry: BalanceEntryData }) {
  const { orderNumber: number, href } = showBalanceEntry(entry);
  if (!number) return null;
  return href ? (
    <LocaleLink to={href} className="link font-medium">
      {number}
    </LocaleLink>
  ) : (
    <span className="break-all">{number}</span>
  );
}

export function EntryLabel({ entry }: { entry: BalanceEntryData }) {
  const { t } = useTranslation();
  return <>{t(showBalanceEntry(entry).labelKey)}</>;
}

function EntryIdLink({ entry }: { entry: BalanceEntryData }) {
  return (
    <LocaleLink to={`/balance-history/${entry.id}`} className="link whitespace-nowrap">
      {showBalanceEntry(entry).displayId}
    </LocaleLink>
  );
}

/**
 * "Paid with: Card" as one text, its punctuation each language's own: built
 * of a label, a colon and the name, it read "Paid with : Card" where the
 * pieces were joined with spaces.
 */
export function EntryProcessor({ name }: { name: string }) {
  const { t } = useTranslation();
  return <span className="block text-ink-muted">{t("balance.paidWith", { processor: name })}</span>;
}

/** Wide screens: one row per entry. */
export function BalanceHistoryTable({ entries, className = "" }: { entries: BalanceEntryData[]; className?: string }) {
  const { t } = useTranslation();
  const euro = useEuro();
  return (
    <ListTable
      caption={t("balance.history")}
      className={className}
      columns={[
        { label: t("balance.date") },
        { label: t("balance.description") },
        { label: t("balance.orderNumber") },
        { label: t("balance.amount"), numeric: true },
        { label: t("balance.startingBalance"), numeric: true },
        { label: t("balance.endBalance"), numeric: true },
        { label: t("balance.entry") },
      ]}
    >
      {entries.map((entry) => {
        const { date, processor } = showBalanceEntry(entry);
        return (
          <tr key={entry.id} className="border-b border-line">
            <td className={`${LIST_CELL} whitespace-nowrap tabular-nums`}>{date}</td>
            <td className={LIST_CELL}>
              <span className="font-medium">
                <EntryLabel entry={entry} />
              </span>
              {processor ? <EntryProcessor name={processor} /> : null}
            </td>
            <td className={`${LIST_CELL} max-w-48`}>
              <EntryOrderNumber entry={entry} />
            </td>
            <td className={`${LIST_CELL} text-right`}>
              <EntryAmount entry={entry} />
            </td>
            <td className={`${LIST_CELL} text-right whitespace-nowrap tabular-nums`}>{euro(entry.starting_balance_minor)}</td>
            <td className={`${LIST_CELL} text-right whitespace-nowrap tabular-nums`}>{euro(entry.end_balance_minor)}</td>
            <td className={LIST_CELL}>
              <EntryIdLink entry={entry} />
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}

/** Phones: one card per entry. */
export function BalanceHistoryCards({ entries, className = "" }: { entries: BalanceEntryData[]; className?: string }) {
  return (
    <ul className={`flex flex-col gap-3 ${className}`}>
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-line bg-surface p-4 shadow-sm">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-semibold">
              <EntryLabel entry={entry} />
            </p>
            <EntryAmount entry={entry} className="text-lg" />
          </div>
          <EntryFacts entry={entry} className="mt-3 text-sm" />
        </li>
      ))}
    </ul>
  );
}

/** Everything about one entry as a list of terms: the phone card and the entry's own page. */
export function EntryFacts({ entry, className = "", withId = true }: { entry: BalanceEntryData; className?: string; withId?: boolean }) {
  const { t } = useTranslation();
  const euro = useEuro();
  const { date, orderNumber, processor } = showBalanceEntry(entry);
  const facts: [string, React.ReactNode][] = [
    [t("balance.date"), <span key="date" className="tabular-nums">{date}</span>],
    ...(orderNumber !== null ? ([[t("balance.orderNumber"), <EntryOrderNumber key="number" entry={entry} />]] as [string, React.ReactNode][]) : []),
    ...(processor ? ([[t("balance.processor"), processor]] as [string, React.ReactNode][]) : []),
    [t("balance.startingBalance"), <span key="start" className="tabular-nums">{euro(entry.starting_balance_minor)}</span>],
    [t("balance.endBalance"), <span key="end" className="tabular-nums">{euro(entry.end_balance_minor)}</span>],
    ...(withId ? ([[t("balance.entry"), <EntryIdLink key="id" entry={entry} />]] as [string, React.ReactNode][]) : []),
  ];
  return (
    <dl className={`grid grid-cols-[9rem_minmax(0,1fr)] gap-x-4 gap-y-1 ${className}`}>
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
