import { db } from "~/models/db/db.server";
import { fileKindOf, IMAGE_KINDS } from "~/models/uploads/file-kind";
import { reencodeImage } from "~/models/uploads/image-check.server";
import { readUpload } from "~/models/uploads/storage.server";
import { claimNumber } from "./claim-form";

// A claim's file as staff are given it (docs/back-office.md): only as what
// its bytes are, never as what the customer's browser said or the stored
// name claims. An image is decoded and written anew, so nothing but its
// pixels reaches staff's browser; a PDF comes as a download; anything else
// (an "image" that does not decode, such as a PNG signature followed by
// HTML) only as an opaque download.

export type StaffFile = {
  body: Buffer;
  type: "image/png" | "image/jpeg" | "application/pdf" | "application/octet-stream";
  disposition: "inline" | "attachment";
  /** Made of the claim's number and the file's place, never of the name the customer sent. */
  filename: string;
};

/** The claim's file as staff may open it, or null when the claim has no such file or its bytes are gone. */
export async function claimFileForStaff(claimId: number, fileId: number): Promise<StaffFile | null> {
  const row = await db().selectFrom("claim_files").select(["stored_name", "position"]).where("id", "=", fileId).where("claim_id", "=", claimId).executeTakeFirst();
  if (!row) return null;
  const upload = await readUpload(row.stored_name);
  if (!upload) return null;
  const name = `${claimNumber(claimId)}-${row.position + 1}`;
  const kind = fileKindOf(upload.bytes);
  if (kind && IMAGE_KINDS.includes(kind)) {
    const image = await reencodeImage(upload.bytes);
    if (image) return { body: image.bytes, type: image.type, disposition: "inline", filename: `${name}.${image.type === "image/jpeg" ? "jpg" : "png"}` };
  } else if (kind === "pdf") {
    return { body: upload.bytes, type: "application/pdf", disposition: "attachment", filename: `${name}.pdf` };
  }
  return { body: upload.bytes, type: "application/octet-stream", disposition: "attachment", filename: `${name}.bin` };
}
