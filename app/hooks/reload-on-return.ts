import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * When the shopper comes back to a tab, asks `isStale` whether what the page
 * shows has changed meanwhile (in another tab, or by an operator), and if so
 * reloads the page's data. One listener for every such check.
 */
export function useReloadOnReturn(isStale: () => Promise<boolean>) {
  const { revalidate } = useRevalidator();
  // The listener reads the latest check, so it is added once, not on every render.
  const latest = useRef(isStale);
  latest.current = isStale;
  useEffect(() => {
    const onReturn = async () => {
      if (document.visibilityState === "visible" && (await latest.current())) revalidate();
    };
    document.addEventListener("visibilitychange", onReturn);
    return () => document.removeEventListener("visibilitychange", onReturn);
  }, [revalidate]);
}
