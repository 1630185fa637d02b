// npm run admin -- content post-site|faq-category: which site shows a blog
// post, and under which category the FAQ lists an entry (docs/content.md).
import { FAQ_CATEGORIES, type FaqCategory } from "../app/models/content/faq";
import { setFaqCategory, setPostSite } from "../app/models/content/content-admin.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const CONTENT_USAGE = `  content post-site --post <slug> --site <site code|all>
                                                   show a blog post on that site only, or on every site
  content faq-category --entry <slug> --to <${FAQ_CATEGORIES.join("|")}>
                                                   list an FAQ entry under that category`;

export type ContentCommand =
  | { command: "content"; action: "post-site"; post: string; site: string | null }
  | { command: "content"; action: "faq-category"; entry: string; category: FaqCategory };

export function parseContentArgs(action: string | undefined, rest: string[]): ContentCommand {
  if (action === "post-site") {
    const options = readOptions(rest, ["post", "site"]);
    const post = options.post?.trim();
    const site = options.site?.trim();
    if (!post) throw new UsageError("--post is required");
    if (!site) throw new UsageError("--site is required: a site's code, or all");
    return { command: "content", action, post, site: site === "all" ? null : site };
  }
  if (action === "faq-category") {
    const options = readOptions(rest, ["entry", "to"]);
    const entry = options.entry?.trim();
    const category = options.to?.trim() ?? "";
    if (!entry) throw new UsageError("--entry is required");
    if (!(FAQ_CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`--to must be one of ${FAQ_CATEGORIES.join(", ")}; got "${category}"`);
    return { command: "content", action, entry, category: category as FaqCategory };
  }
  throw new UsageError(action ? `unknown content command "${action}"` : "say post-site or faq-category");
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runContent(command: ContentCommand, output: AdminOutput): Promise<number> {
  try {
    if (command.action === "faq-category") {
      if (!(await setFaqCategory(command.entry, command.category))) {
        output.err(`admin: there is no FAQ entry "${command.entry}". Nothing was changed.`);
        return 1;
      }
      output.out(`The FAQ lists "${command.entry}" under ${command.category}.`);
      return 0;
    }
    const result = await setPostSite(command.post, command.site);
    if ("missing" in result) {
      output.err(`admin: there is no ${result.missing === "site" ? `site "${command.site}"` : `blog post "${command.post}"`}. Nothing was changed.`);
      return 1;
    }
    output.out(command.site === null ? `Every site shows "${command.post}".` : `Only site ${command.site} shows "${command.post}".`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
