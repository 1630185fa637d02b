import type { ReactNode } from "react";
import { DataTable, type Column } from "./DataTable";

// A record's page in the back office is a column of headed parts: its
// details, its lines, its history, each with a note under it when one is due.

export function Section({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
      {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
    </section>
  );
}

/** A headed table, named by its heading, with "—" for none unless `empty` says more; `children` follow it (a form that adds a row). */
export function TableSection<Row>({
  title,
  rows,
  rowKey,
  columns,
  empty = "—",
  note,
  children,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: Column<Row>[];
  empty?: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Section title={title} note={note}>
      <DataTable caption={title} rows={rows} rowKey={rowKey} empty={empty} columns={columns} />
      {children}
    </Section>
  );
}
