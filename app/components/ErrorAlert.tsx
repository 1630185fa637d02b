import type { ReactNode } from "react";

/** A refusal said at the top of a page or a form, announced when it appears. */
export function ErrorAlert({ children, className = "", id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <p role="alert" id={id} className={`rounded-lg bg-danger-soft px-3 py-2 text-danger ${className}`.trim()}>
      {children}
    </p>
  );
}
