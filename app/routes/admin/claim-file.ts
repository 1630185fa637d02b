import type { LoaderFunctionArgs } from "@remix-run/node";
import { claimFileForStaff } from "~/models/claims/claim-files.server";
import { staffFor } from "~/web/admin/guard.server";
import { downloadResponse } from "~/web/download.server";
import { recordIdOf } from "~/web/admin/record-id";
import { routeCheckFailed } from "~/web/not-found";

// /admin/claims/:id/files/:file: a file the customer sent with a claim, for
// staff who handle claims only (anyone else: 404, or 403 for a role
// without claims), as what its bytes are (models/claims/claim-files.server.ts).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "claims.manage");
  const file = await claimFileForStaff(recordIdOf(request, params.id), recordIdOf(request, params.file));
  if (!file) throw routeCheckFailed(request);
  return downloadResponse({ bytes: file.body, type: file.type, filename: file.filename, disposition: file.disposition });
}
