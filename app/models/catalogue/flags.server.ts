import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";

export type Flag = { id: number; type: "" | "1" | "2"; position: number; slug: string; name: string };

/** Spec 3: type '1' is a flag (also an exclusive one when the type is empty); type '2' an offer. */
export function flagKind(type: Flag["type"]) {
  if (type === "2") return "offer" as const;
  return type === "" ? ("exclusive" as const) : ("flag" as const);
}

export async function listFlags(locale: Locale): Promise<Flag[]> {
  return db()
    .selectFrom("flags")
    .innerJoin("flag_translations as t", "t.flag_id", "flags.id")
    .innerJoin("languages", "languages.id", "t.language_id")
    .select(["flags.id", "flags.type", "flags.position", "flags.slug", "t.name"])
    .where("languages.iso_code", "=", locale)
    .orderBy("flags.position")
    .orderBy("flags.id")
    .execute();
}
