// A private file handed to its one reader: an invoice, a carrier's label, a
// customer's claim photo. The type is the one the server decided and the
// browser may not guess another (nosniff); nothing in it may run or load
// anything (a CSP that allows nothing, in a sandbox); no cache keeps it,
// shared or the browser's own; and no crawler indexes it.

export type Download = {
  bytes: Uint8Array;
  type: string;
  filename: string;
  /** "inline" for what a browser may show in place, such as a re-encoded photo. */
  disposition?: "attachment" | "inline";
};

export function downloadResponse({ bytes, type, filename, disposition = "attachment" }: Download) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": type,
      "content-length": String(bytes.length),
      "content-disposition": `${disposition}; filename="${filename}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
