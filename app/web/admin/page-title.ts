import type { MetaDescriptor } from "@remix-run/node";
import { translate, type Texts } from "~/lib/texts";

// A back-office tab's title says what the page holds, then the back office,
// in the staff member's own language: staff keep a row of tabs open (an
// order, its customer, the queue), and "Back office" on each told them
// apart by nothing. Remix keeps only the deepest route's meta, so the
// layout's noindex is given again here with each title.

type Match = { id: string; data: unknown };

const ROBOTS: MetaDescriptor = { name: "robots", content: "noindex, nofollow" };

/** The back office's texts, from its layout's loader; none when the layout failed (the error screen then names the page). */
function textsOf(matches: Match[]): Texts | undefined {
  return (matches.find((match) => match.id === "routes/admin/layout")?.data as { texts?: Texts } | undefined)?.texts;
}

/** A record's page: its number or name first (`MP12 · Back office`); the back office alone before the record is found. */
export function adminTitle(matches: Match[], record?: string | null): MetaDescriptor[] {
  const texts = textsOf(matches);
  if (!texts) return [ROBOTS];
  const office = translate(texts, "admin.title");
  return [{ title: record ? `${record} · ${office}` : office }, ROBOTS];
}

/** A page named by one of its texts (`Orders · Back office`), as the page's `meta`. */
export function adminMeta(key: string) {
  return ({ matches }: { matches: Match[] }) => adminTitle(matches, translate(textsOf(matches), key));
}
