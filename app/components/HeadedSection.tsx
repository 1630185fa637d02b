import type { ReactNode } from "react";

/**
 * A landmark named by its own heading: the element is labelled by the
 * heading's id, so a screen reader's list of regions reads the heading's
 * words. `as` picks the landmark: a section, a nav or an aside.
 */
export function HeadedSection({
  as: Landmark = "section",
  id,
  heading,
  className,
  headingClassName,
  children,
}: {
  as?: "section" | "nav" | "aside";
  id: string;
  heading: ReactNode;
  className?: string;
  headingClassName: string;
  children: ReactNode;
}) {
  return (
    <Landmark aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </Landmark>
  );
}
