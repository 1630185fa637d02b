import * as v from "valibot";
import { email } from "~/models/accounts/schemas";

// The back office's decision on a pro application: which application the
// page showed (so one decided meanwhile, or a newer one, is not decided by
// it), whose, and approve or reject.

export const ProDecisionSchema = v.object({
  intent: v.picklist(["approve", "reject"], "validation.required"),
  application: v.pipe(v.string("validation.required"), v.regex(/^\d{1,15}$/, "validation.required"), v.transform(Number)),
  email,
});
