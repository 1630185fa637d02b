// A page whose answer is the same for every guest (the home page, listings,
// products, content) says so in its route's handle; the server then lets a
// shared cache keep the answer, when nothing personal can be in it
// (guest-cache.server.ts, decision 025).
export type PageHandle = { sameForEveryGuest?: true };

export const sameForEveryGuest: PageHandle = { sameForEveryGuest: true };
