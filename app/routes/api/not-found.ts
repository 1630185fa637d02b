import { apiError, apiHandler } from "~/web/api.server";

// Any /api path without a call of its own answers a JSON 404, never a page.
const unknownCall = apiHandler(async ({ t }) => apiError(404, t("api.notFound")));

export const loader = unknownCall;
export const action = unknownCall;
