import { useEffect } from "react";

// Spec 7 and 9: a landing URL's utm_ keys, else the campaign saved in the
// utm cookie, go to POST /api/utm, each once per visit (a tab's session):
// coming back to the same URL (after the consent form, a reload) sends
// nothing again. The sender loads only when there is something to send.
const SENT = "utm-sent";

export function useUtmOnLanding() {
  useEffect(() => {
    const fromUrl = /[?&]utm_/i.test(window.location.search);
    if (!fromUrl && !/(^|;\s*)utm=/.test(document.cookie)) return;
    const key = fromUrl ? window.location.search : "saved";
    try {
      if (sessionStorage.getItem(SENT) === key) return;
      sessionStorage.setItem(SENT, key);
    } catch {
      // Storage refused (private mode): send anyway.
    }
    void import("./send-utm").then(({ sendUtm }) => sendUtm(window.location.search, document.cookie));
  }, []);
}
