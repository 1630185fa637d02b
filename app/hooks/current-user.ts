import { callApi } from "~/lib/api-client";
import { useReloadOnReturn } from "./reload-on-return";
import { useRootData } from "~/hooks/route-data";

type CurrentUser = { id: number; unpaid_orders_count: number } | null;

/** Spec 7: getCurrentUser, 3 retries 100 ms apart; spec 8: a failure counts as no user. */
export async function fetchCurrentUser(fetchImpl: typeof fetch = fetch): Promise<CurrentUser> {
  const result = await callApi<{ user: CurrentUser }>("/api/auth/getCurrentUser", { method: "POST", body: {}, retries: 3, fetchImpl });
  return result.ok ? result.data.user : null;
}

/**
 * When the shopper comes back to a tab, the account may have changed in
 * another one (signed out, signed in as someone else, an order paid): the
 * page's data is reloaded if the user is no longer the one it shows.
 */
export function useCurrentUserOnReturn() {
  const shown = useRootData()?.user ?? null;
  useReloadOnReturn(async () => {
    const user = await fetchCurrentUser();
    return user?.id !== shown?.id || user?.unpaid_orders_count !== shown?.unpaid_orders_count;
  });
}
