import type { ReactNode } from "react";

// A record's details as staff read them: a term, then its value; side by
// side from a tablet up, one under the other on a phone. A detail that does
// not apply to this record is left out of the list (null or false).

export type Fact = readonly [term: string, value: ReactNode];

/** `breakAll` where values are long unbroken words (e-mail addresses, references) that must not widen the page. */
export function Facts({ facts, breakAll }: { facts: ReadonlyArray<Fact | null | false>; breakAll?: boolean }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-surface p-4 shadow-sm sm:grid-cols-[max-content_1fr]">
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map(([term, value], index) => (
          <div key={`${index}-${term}`} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className={breakAll ? "break-all" : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
