import { Suspense, lazy } from "react";
import type { UnpaidOrdersAlert } from "./UnpaidOrdersAlert";
import type { UnpaidAlert } from "~/models/orders/unpaid-alert.server";

// The unpaid-orders alert is in the page's first HTML, so that it shows
// without JavaScript, while its code stays out of the main bundle. Drawn
// from a lazy component, it would sit in a Suspense boundary, which React
// hydrates after the rest of the page; the first update around it before
// then (the shell's "hydrated" flag turns at once) makes React drop the
// server's dialog and draw a new one, so the alert flickers away and back
// and a "Not now" pressed in between is lost. So its code is loaded before
// it is drawn, by the server at start and by the browser before it hydrates
// a page whose HTML holds the alert, and then drawn with no boundary. An
// alert that first appears after a navigation loads lazily; either way one
// alert keeps the one kind of component it mounted with.

let loaded: typeof UnpaidOrdersAlert | undefined;

export function loadUnpaidOrdersAlert(): Promise<void> {
  return import("./UnpaidOrdersAlert").then((module) => {
    loaded = module.UnpaidOrdersAlert;
  });
}

if (import.meta.env.SSR) void loadUnpaidOrdersAlert();

const LazyUnpaidOrdersAlert = lazy(() => import("./UnpaidOrdersAlert").then((module) => ({ default: module.UnpaidOrdersAlert })));

export function DeferredUnpaidOrdersAlert(alert: UnpaidAlert) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...alert} />;
  return (
    <Suspense fallback={null}>
      <LazyUnpaidOrdersAlert {...alert} />
    </Suspense>
  );
}
