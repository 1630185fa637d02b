import type { ReactNode } from "react";
import { HeadedSection } from "~/components/HeadedSection";

/** A section of the home page under its heading; `className` adds to its spacing. */
export function HomeSection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <HeadedSection id={id} heading={heading} className={className ? `my-10 ${className}` : "my-10"} headingClassName="text-2xl font-bold">
      {children}
    </HeadedSection>
  );
}
