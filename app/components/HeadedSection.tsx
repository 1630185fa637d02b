import type { ReactNode } from "react";

/**
 * A landmark named by its own heading: the element is labelled by the
 * heading's id, so a screen reader's list of regions reads the heading's
 * words. `as` picks the landmark: a section, a nav or an aside. `aside`
 * stands at the heading's end (a count, or what to do next).
 */
export function HeadedSection({
  as: Landmark = "section",
  id,
  heading,
  className,
  headingClassName,
  aside,
  children,
}: {
  as?: "section" | "nav" | "aside";
  id: string;
  heading: ReactNode;
  className?: string;
  headingClassName: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const title = (
    <h2 id={id} className={headingClassName}>
      {heading}
    </h2>
  );
  return (
    <Landmark aria-labelledby={id} className={className}>
      {aside ? (
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          {title}
          {aside}
        </div>
      ) : (
        title
      )}
      {children}
    </Landmark>
  );
}
