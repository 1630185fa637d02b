import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { NOTE_MAX_LENGTH } from "./note-form";

// Staff notes on a record (docs/back-office.md): what one staff member
// leaves for the next about a customer or an order. Written with its audit
// entry in one transaction; read newest first. A note is never edited or
// deleted: a correction is a new note.

/** The records that take notes, and the table each one's id names. */
const NOTE_TABLES = { customer: "users", order: "orders" } as const;
export type NoteEntity = keyof typeof NOTE_TABLES;

export type Note = { id: number; staff_email: string; body: string; created_at: Date };

export type AddNoteResult = { ok: true; id: number } | { ok: false; error: "not_found" | "invalid" };

export async function addNote(actor: StaffActor, entity: NoteEntity, entityId: number, body: string): Promise<AddNoteResult> {
  const text = body.trim();
  if (text.length === 0 || text.length > NOTE_MAX_LENGTH) return { ok: false, error: "invalid" };
  return db()
    .transaction()
    .execute(async (trx): Promise<AddNoteResult> => {
      const record = await trx.selectFrom(NOTE_TABLES[entity]).select("id").where("id", "=", entityId).executeTakeFirst();
      if (!record) return { ok: false, error: "not_found" };
      const note = await trx
        .insertInto("notes")
        .values({ entity, entity_id: entityId, staff_id: actor.id, staff_email: actor.email, body: text })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: `${entity}.note`, entity, entityId, after: { note_id: Number(note.id), body: text } });
      return { ok: true, id: Number(note.id) };
    });
}

export const NOTES_SHOWN = 100;

/** A record's notes, newest first (the newest NOTES_SHOWN). */
export async function notesOf(entity: NoteEntity, entityId: number): Promise<Note[]> {
  const rows = await db()
    .selectFrom("notes")
    .select(["id", "staff_email", "body", "created_at"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("id", "desc")
    .limit(NOTES_SHOWN)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
