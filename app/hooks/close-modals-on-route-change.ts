import { useMatches } from "@remix-run/react";
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { loadingOverlayAtom, openModalAtom } from "~/state/ui";

/**
 * Spec 2: every modal closes when the route changes, and spec 4's loader
 * (the loading overlay a checkout's invalidation shows) clears. The route is the
 * page's own route, so a new search or filter on the same page keeps a
 * modal open while going to another page closes it.
 */
export function useCloseModalsOnRouteChange() {
  const routeId = useMatches().at(-1)?.id;
  const setOpenModal = useSetAtom(openModalAtom);
  const setOverlay = useSetAtom(loadingOverlayAtom);
  // Not on the first render: a modal that opens by itself when the page
  // loads (the outdated-browser notice) must stay open.
  const shownRoute = useRef(routeId);
  useEffect(() => {
    if (shownRoute.current === routeId) return;
    shownRoute.current = routeId;
    setOpenModal(null);
    setOverlay(0);
  }, [routeId, setOpenModal, setOverlay]);
}
