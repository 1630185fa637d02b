import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

// Every record's page in the back office opens the same way: the list it
// belongs to, as the way back, then its name (often "number · status"), then
// one muted line of what staff check first. `children` follow (a note, a
// link to the shop, the page's tabs).

export function RecordHeading({
  back,
  title,
  facts,
  breakTitle,
  className,
  children,
}: {
  /** The list the record is in: its address and its name. */
  back: { to: string; label: string };
  title: ReactNode;
  /** The muted line under the title. */
  facts?: ReactNode;
  /** A title that may be one long word (an e-mail address) breaks anywhere. */
  breakTitle?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <p className="text-sm">
        <Link to={back.to} className="link">
          {back.label}
        </Link>
      </p>
      <h1 className={breakTitle ? "break-all text-2xl font-bold" : "text-2xl font-bold"}>{title}</h1>
      {facts ? <p className="text-ink-muted">{facts}</p> : null}
      {children}
    </div>
  );
}
