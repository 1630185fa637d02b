import { routeCheckFailed } from "~/web/not-found";

/** A record's id from an /admin address (`/admin/orders/12`): a whole number, or the page is not found. */
export function recordIdOf(request: Request, value: string | undefined) {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31) throw routeCheckFailed(request);
  return id;
}
