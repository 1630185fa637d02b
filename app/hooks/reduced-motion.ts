import { useSyncExternalStore } from "react";

// Whether the visitor asked their system for less motion. The server cannot
// know, so it answers "yes": the page is drawn without animations and they
// come only once the browser has said they are welcome.
const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
