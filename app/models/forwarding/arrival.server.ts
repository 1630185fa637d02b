import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { IMAGE_KINDS } from "~/models/uploads/file-kind";
import { removeUploads, storeUpload } from "~/models/uploads/storage.server";
import { arriveParcel, type Arrival, type ArriveError } from "./parcels.server";

// A declared parcel arrives at the warehouse: its weight, size and photos
// (kept in the uploads storage, each checked to be the image it says it
// is), found by the carrier's number and, when two customers declared the
// same number, the customer's email. One use case for the back office's
// arrival form and `npm run admin -- parcel arrive`. A refused arrival keeps
// none of its photos.

export type ArrivalInput = Omit<Arrival, "photos"> & { photos: Uint8Array[] };
export type ArrivalError = ArriveError | "photo_empty" | "photo_too_large" | "photo_wrong_type";

export async function recordArrival(actor: StaffActor, input: ArrivalInput, now = new Date()): Promise<{ ok: true; id: number; freeUntil: Date; photos: number } | { ok: false; error: ArrivalError }> {
  const stored: string[] = [];
  for (const bytes of input.photos) {
    const kept = await storeUpload(bytes, "parcels", IMAGE_KINDS);
    if (!kept.ok) {
      await removeUploads(stored);
      return { ok: false, error: `photo_${kept.error}` };
    }
    stored.push(kept.name);
  }
  const arrived = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await arriveParcel(trx, { ...input, photos: stored }, now);
      if (result.ok) {
        const { photos: _photos, ...measured } = input;
        await recordAudit(trx, actor, { action: "parcel.arrive", entity: "parcel", entityId: result.id, before: { status: "expected" }, after: { status: "arrived", ...measured, photos: stored } });
      }
      return result;
    });
  if (!arrived.ok) {
    await removeUploads(stored);
    return arrived;
  }
  return { ok: true, id: arrived.id, freeUntil: arrived.freeUntil, photos: stored.length };
}
