import type { StaffFile } from "~/models/claims/claim-files.server";

// A customer's file handed to staff: the type is the one the server decided,
// the browser may not guess another (nosniff), nothing in it may run or
// load anything (a CSP that allows nothing, in a sandbox), and no cache
// keeps it, shared or the browser's own.
export function staffFileResponse(file: StaffFile) {
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.type,
      "content-length": String(file.body.length),
      "content-disposition": `${file.disposition}; filename="${file.filename}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "private, no-store",
    },
  });
}
