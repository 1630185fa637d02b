import type { ReactNode } from "react";
import { LocaleLink } from "~/components/LocaleLink";

/** A link an operator named: a path of the shop gets the page's language, an https address elsewhere is a plain link. */
export function HomeLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (to.startsWith("/")) {
    return (
      <LocaleLink to={to} className={className}>
        {children}
      </LocaleLink>
    );
  }
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}
