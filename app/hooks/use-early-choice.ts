import { useEffect, useRef, type ChangeEvent } from "react";

/**
 * A select that acts as it is changed once the page is alive, and waits for
 * its form's Apply button before then. A choice made in between (the page
 * drawn, its scripts still loading) changed the select and nobody sent it:
 * this acts on it as the page comes alive, instead of leaving the shopper's
 * choice shown but not taken. A change the page already acted on (one made
 * as it came alive, which reaches onChange first) is not sent again: a
 * second send would cancel the first halfway. Returns the select's ref and
 * its onChange.
 */
export function useEarlyChoice(shown: string, choose: (select: HTMLSelectElement) => void) {
  const ref = useRef<HTMLSelectElement>(null);
  const acted = useRef(false);
  useEffect(() => {
    if (!acted.current && ref.current && ref.current.value !== shown) choose(ref.current);
    // Once, as the page comes alive: later choices are acted on as they are made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    acted.current = true;
    choose(event.currentTarget);
  };
  return { ref, onChange };
}
