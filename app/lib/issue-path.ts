import type { IssuePathItem } from "valibot";

/**
 * Where a message of a check across fields belongs, as valibot writes a
 * path: a form's field ("height") or a row's ("rows", 0, "url"). For the
 * checks `v.forward` cannot place: a field that is blank, or a row that is not there.
 */
export function pathTo(...keys: Array<string | number>): [IssuePathItem, ...IssuePathItem[]] {
  const items = keys.map((key) => ({ type: typeof key === "number" ? "array" : "object", origin: "value", input: undefined, key, value: undefined }));
  return items as unknown as [IssuePathItem, ...IssuePathItem[]];
}
