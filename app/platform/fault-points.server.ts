import { env } from "./env.server";
import type { FaultPoint } from "./fault-points";
import { logger } from "./logger.server";

// A request that reaches a point FAULT_PAUSE_AT names logs "Paused at a fault
// point" with its name and waits there FAULT_PAUSE_MS: long enough for the
// fault test, which watches the log, to SIGKILL the process at that very
// moment, as a power cut or the kernel's out-of-memory killer would. Unset,
// as in every real deployment, a point is one comparison and nothing more.
export async function faultPoint(point: FaultPoint) {
  const { FAULT_PAUSE_AT, FAULT_PAUSE_MS } = env();
  if (!FAULT_PAUSE_AT.includes(point)) return;
  logger.warn({ point }, "Paused at a fault point");
  await new Promise((resolve) => setTimeout(resolve, FAULT_PAUSE_MS));
}
