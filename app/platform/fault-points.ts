// The named moments a fault test can stop an app server at (issue 33, point 2;
// docs/operations.md, "An app server dies"): FAULT_PAUSE_AT names some of them,
// and faultPoint (fault-points.server.ts) waits at each it names.
export const FAULT_POINTS = [
  // An order's transaction has written everything and not yet committed.
  "order.before-commit",
  // The order is committed; the shopper has not been answered.
  "order.after-commit",
  // A payment's settlement has marked its order paid and not yet committed.
  "payment.before-commit",
  // A payment is settled and committed; the shopper's return has not been answered.
  "payment.after-commit",
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];
