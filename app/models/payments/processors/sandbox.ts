// What the sandbox's hosted page offers (sandbox.server.ts): how a payment
// ends, and how the sandbox's "bank" sends its notice — the cases a real
// processor produces.
export const SANDBOX_OUTCOMES = ["paid", "delayed", "failed", "declined"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];
export const SANDBOX_DELIVERIES = ["now", "late", "twice", "never"] as const;
export type SandboxDelivery = (typeof SANDBOX_DELIVERIES)[number];
