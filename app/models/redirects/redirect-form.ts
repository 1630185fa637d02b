import * as v from "valibot";
import { fromPathProblem, targetProblem } from "./redirect-rules";

// The back office's redirect forms (checked in the browser and on the server
// alike), by the same rules as `npm run admin -- redirect add`: adding one,
// and removing one, which names the address the page showed it going to.

export const REDIRECT_STATUSES = ["301", "302"] as const;
const PATH_MAX = 2000;

export const RedirectAddSchema = v.pipe(
  v.object({
    intent: v.literal("add"),
    from: v.pipe(v.string("admin.redirects.fromRequired"), v.trim(), v.nonEmpty("admin.redirects.fromRequired"), v.maxLength(PATH_MAX, "admin.redirects.fromFormat"), v.check((from) => fromPathProblem(from) === null, "admin.redirects.fromFormat")),
    to: v.pipe(v.string("admin.redirects.toRequired"), v.trim(), v.nonEmpty("admin.redirects.toRequired"), v.maxLength(PATH_MAX, "admin.redirects.toFormat")),
    status: v.optional(v.picklist(REDIRECT_STATUSES), "301"),
  }),
  v.forward(
    v.check((value) => targetProblem(value.to, value.from) === null, "admin.redirects.toFormat"),
    ["to"],
  ),
);

export const RedirectRemoveSchema = v.object({
  intent: v.literal("remove"),
  from: v.pipe(v.string("admin.redirects.fromRequired"), v.maxLength(PATH_MAX)),
  seen: v.pipe(v.string("validation.required"), v.maxLength(PATH_MAX)),
});
