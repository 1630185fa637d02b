import { routeCheckFailed } from "~/web/not-found";
import { recordIdOf } from "./record-id";

// What every record's page in the back office reads from its address before
// it shows anything: the record itself, and which step was just taken.

/** The record the address names (`/admin/orders/12`), as `find` reads it; the page is not found when there is none. */
export async function recordOf<Found>(request: Request, id: string | undefined, find: (id: number) => Promise<Found | null | undefined>): Promise<Found> {
  const found = await find(recordIdOf(request, id));
  if (!found) throw routeCheckFailed(request);
  return found;
}

/** The message for the step a redirect says was just taken (`?done=ship`), from the page's own `messages`; null for none or an unknown one. */
export function doneMessage<Messages extends Record<string, string>>(request: Request, messages: Messages): Messages[keyof Messages] | null {
  const done = new URL(request.url).searchParams.get("done");
  return done && Object.hasOwn(messages, done) ? messages[done as keyof Messages] : null;
}
