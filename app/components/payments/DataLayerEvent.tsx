import { useEffect } from "react";

// Spec 9's data layer events for payments (add_payment_info, purchase, the
// marketplace and quote payment success and declined): pushed once per
// `once` key, so a reload or a return to the page does not count it again.
export type DataLayerPush = { event: string; [field: string]: unknown };

export function DataLayerEvent({ push, once }: { push: DataLayerPush; once: string }) {
  useEffect(() => {
    const key = `data-layer:${once}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (private mode): the event may count twice, never not at all.
    }
    const page = window as { dataLayer?: object[] };
    (page.dataLayer ??= []).push(push);
  }, [push, once]);
  return null;
}
