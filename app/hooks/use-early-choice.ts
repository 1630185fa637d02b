import { useEffect, useRef, type ChangeEvent } from "react";

/**
 * A select that acts as it is changed once the page is alive, and waits for
 * its form's Apply button before then. A choice made in between (the page
 * drawn, its scripts still loading) changed the select and nobody sent it:
 * this acts on it as the page comes alive, instead of leaving the shopper's
 * choice shown but not taken. A choice is sent once: one made as the page
 * came alive reaches both the check on coming alive and onChange, in either
 * order (React replays a change it saw while hydrating), and a second send
 * would cancel the first halfway, with the old choice if the select had
 * gone back to it meanwhile.
 * Returns the select's ref and its onChange.
 */
export function useEarlyChoice(shown: string, choose: (select: HTMLSelectElement) => void) {
  const ref = useRef<HTMLSelectElement>(null);
  // The value last sent; what the page shows counts as sent, and when it
  // comes to show another (the choice landed, or the page moved on), that one.
  const sent = useRef(shown);
  const basis = useRef(shown);
  useEffect(() => {
    if (basis.current === shown) return;
    basis.current = shown;
    sent.current = shown;
  }, [shown]);
  const send = (select: HTMLSelectElement) => {
    if (select.value === sent.current) return;
    sent.current = select.value;
    choose(select);
  };
  useEffect(() => {
    // Unless onChange came first: the select may show the old choice again by
    // now, as it follows what the page shows until the new one lands.
    if (ref.current && sent.current === shown) send(ref.current);
    // Once, as the page comes alive: later choices are acted on as they are made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => send(event.currentTarget);
  return { ref, onChange };
}
