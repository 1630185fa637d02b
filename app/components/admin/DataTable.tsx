import type { ReactNode } from "react";
import { formatDate, formatDateTime } from "~/lib/format";
import { RecordLink } from "./Filters";

// The back office's lists are real tables: a caption, column headers with
// scope, and one row per record; a wide table scrolls inside its own box
// on a phone instead of widening the page.

/**
 * A column: a header and what each row shows under it, as `cell`, or as one
 * of the cells every list has: `link`, the row's record (its number, code or
 * name) linked to its page; `when`, a moment, or `day`, a date, kept on one
 * line.
 */
export type Column<Row> = { header: string; numeric?: boolean } & (
  | { cell: (row: Row) => ReactNode }
  | { link: (row: Row) => { to: string; label: ReactNode } }
  | { when: (row: Row) => Date | string }
  | { day: (row: Row) => Date | string }
);

function cellOf<Row>(column: Column<Row>, row: Row): ReactNode {
  if ("cell" in column) return column.cell(row);
  if ("link" in column) {
    const { to, label } = column.link(row);
    return <RecordLink to={to}>{label}</RecordLink>;
  }
  return <span className="whitespace-nowrap">{"when" in column ? formatDateTime(column.when(row)) : formatDate(column.day(row))}</span>;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, empty }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string | number; empty: string }) {
  if (rows.length === 0) return <p className="rounded-lg bg-surface px-4 py-6 text-ink-muted">{empty}</p>;
  return (
    // A box that scrolls sideways must take the keyboard's focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto rounded-lg bg-surface shadow-sm" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${column.numeric ? "text-right" : ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((column) => (
                <td key={column.header} className={`px-3 py-2 align-top ${column.numeric ? "text-right tabular-nums" : ""}`}>
                  {cellOf(column, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
