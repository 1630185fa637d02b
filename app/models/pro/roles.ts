// Who sells in the pro area (decision 030). Its own module, with nothing
// imported, so the root's loader and the guards can ask it for free.

/** A pro user sells; an admin may too. Everyone else is a customer or a guest. */
export function isSeller(role: string | null | undefined) {
  return role === "pro" || role === "admin";
}
