// A page whose answer is the same for every guest (the home page, listings,
// products, content) says so in its route's handle:
//   export const handle = { sameForEveryGuest: true } satisfies PageHandle;
// The server then lets a shared cache keep the answer, when nothing personal
// can be in it (guest-cache.server.ts, decision 025).
export type PageHandle = { sameForEveryGuest?: true };
