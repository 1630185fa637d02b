// How an app server starts in production, as package.json's `start` says:
// the bench, the load test and Lighthouse start it the same way, so they
// measure what runs.

/**
 * V8's young generation at 32 MB a semi-space instead of 16: a page drawn
 * leaves megabytes of short-lived objects, and a larger nursery collects
 * them less often (decision 050).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;

/** The command, as arguments: `node`, its flags, the server. */
export const SERVER_COMMAND = ["node", ...SERVER_NODE_FLAGS, "build/server.js"] as const;
