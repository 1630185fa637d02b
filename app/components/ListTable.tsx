import type { ReactNode } from "react";

// The customer's lists (balance history, invoices, claims) are tables of one
// look: a caption for screen readers, column headers with scope, figures set
// to the right. A table scrolls sideways on a narrow screen rather than
// squeezing its columns. Each list writes its own rows, with LIST_CELL.

export type ListColumn = { label: string; numeric?: boolean };

/** The padding of a list's cell; a figure's cell adds text-right. */
export const LIST_CELL = "px-3 py-3 align-top";

export function ListTable({
  caption,
  columns,
  children,
  className = "",
  minWidth = "",
}: {
  caption: string;
  columns: ListColumn[];
  /** The rows: `<tr>`s whose cells follow the columns. */
  children: ReactNode;
  className?: string;
  /** A width the table keeps on a phone, such as "min-w-[36rem]", so its columns stay readable. */
  minWidth?: string;
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className={`w-full border-collapse text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b-2 border-line-strong">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2 font-semibold ${column.numeric ? "text-right" : "text-left"}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
