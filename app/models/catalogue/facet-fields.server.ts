import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";

/** The additional fields an operator keeps out of the listings' facets; kept with the shell (decision 024). */
export function disabledFieldIds() {
  return shellCached("disabled-fields", async () => {
    const rows = await db().selectFrom("additional_fields").select("id").where("disabled_in_index", "=", true).execute();
    return rows.map((row) => row.id);
  });
}
