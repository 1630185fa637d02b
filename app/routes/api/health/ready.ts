import { catalogueIndexStatus } from "~/models/catalogue/catalogue-index.server";
import { apiError, apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { serviceStatus } from "~/web/health.server";

// GET /api/health/ready: 200 once this server can answer shoppers (the
// database answers and its catalogue index is built and current), 503
// before; for load balancers, beside /api/health. While the server starts,
// server/index.ts answers 503 for it.
export const loader = apiHandler(async ({ t }) => {
  const status = await serviceStatus();
  if (!status.healthy) return apiError(503, t("api.databaseUnavailable"));
  const index = catalogueIndexStatus();
  if (!index.built) return apiError(503, t("api.starting"));
  return apiOk({ ready: true, buildId: status.buildId, catalogue: { products: index.products, version: index.version, builtIn: index.builtIn } });
});

export const action = methodNotAllowed;
