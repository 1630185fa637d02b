import { useEffect } from "react";

/**
 * Spec 7 and 9: a landing URL's utm_ keys, else the campaign saved in the
 * utm cookie, go to POST /api/utm. The server says whether the page has a
 * campaign (root loader), so the sender is downloaded only then.
 */
export function useUtmOnLanding(campaign: boolean | undefined) {
  useEffect(() => {
    if (campaign) void import("./send-utm").then(({ sendUtmOnce }) => sendUtmOnce());
  }, [campaign]);
}
