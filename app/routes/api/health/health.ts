import { apiError, apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { serviceStatus } from "~/web/health.server";

// GET /api/health: 200 while the database answers, 503 when it does not, for
// load balancers and uptime checks.
export const loader = apiHandler(async ({ t }) => {
  const status = await serviceStatus();
  if (!status.healthy) return apiError(503, t("api.databaseUnavailable"));
  return apiOk({
    healthy: true,
    database: status.database,
    buildId: status.buildId,
    uptimeSeconds: status.uptimeSeconds,
    memoryMb: status.memoryMb,
    eventLoopDelayMs: status.eventLoopDelayMs,
  });
});

export const action = methodNotAllowed;
