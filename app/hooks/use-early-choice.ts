import { useEffect, useRef } from "react";

/**
 * A select that acts as it is changed once the page is alive, and waits for
 * its form's Apply button before then. A choice made in between (the page
 * drawn, its scripts still loading) changed the select and nobody sent it:
 * this acts on it as the page comes alive, instead of leaving the shopper's
 * choice shown but not taken. Returns the ref for the select.
 */
export function useEarlyChoice(shown: string, choose: (select: HTMLSelectElement) => void) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (select.current && select.current.value !== shown) choose(select.current);
    // Once, as the page comes alive: later choices are acted on as they are made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return select;
}
