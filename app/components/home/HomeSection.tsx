import type { ReactNode } from "react";

/** A section of the home page under its heading, which names it for screen readers; `className` adds to its spacing. */
export function HomeSection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className ? `my-10 ${className}` : "my-10"}>
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
