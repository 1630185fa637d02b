// npm run admin -- content post-site|faq-category|strip|strip-off: which site
// shows a blog post, under which category the FAQ lists an entry, and what
// the notification strip says on a site in a language (docs/content.md).
// The same use cases as the back office's content pages, written to the
// audit log as "command line".
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { isLocale, LOCALES, type Locale } from "../app/lib/i18n";
import { CONTENT_LIMITS } from "../app/models/content/content-edit-schema";
import { FAQ_CATEGORIES, type FaqCategory } from "../app/models/content/faq";
import { saveStrip, setFaqCategory, setPostSite } from "../app/models/content/content-edit.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const CONTENT_USAGE = `  content post-site --post <slug> --site <site code|all>
                                                   show a blog post on that site only, or on every site
  content faq-category --entry <slug> --to <${FAQ_CATEGORIES.join("|")}>
                                                   list an FAQ entry under that category
  content strip --site <site code> --language <${LOCALES.join("|")}> --text <text>
                                                   what the notification strip over every page says there
  content strip-off --site <site code> --language <${LOCALES.join("|")}>
                                                   no notification strip there`;

export type ContentCommand =
  | { command: "content"; action: "post-site"; post: string; site: string | null }
  | { command: "content"; action: "faq-category"; entry: string; category: FaqCategory }
  | { command: "content"; action: "strip"; site: string; locale: Locale; text: string };

function readStrip(rest: string[], withText: boolean) {
  const options = readOptions(rest, withText ? ["site", "language", "text"] : ["site", "language"]);
  const site = options.site?.trim();
  const language = options.language?.trim() ?? "";
  if (!site) throw new UsageError("--site is required: a site's code");
  if (!isLocale(language)) throw new UsageError(`--language must be one of ${LOCALES.join(", ")}; got "${language}"`);
  const text = withText ? (options.text ?? "").trim() : "";
  if (withText && !text) throw new UsageError("--text is required (strip-off for no strip)");
  if (text.length > CONTENT_LIMITS.strip) throw new UsageError(`--text is at most ${CONTENT_LIMITS.strip} characters`);
  return { command: "content" as const, action: "strip" as const, site, locale: language, text };
}

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
  if (action === "strip" || action === "strip-off") return readStrip(rest, action === "strip");
  throw new UsageError(action ? `unknown content command "${action}"` : "say post-site, faq-category, strip or strip-off");
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runContent(command: ContentCommand, output: AdminOutput): Promise<number> {
  try {
    if (command.action === "faq-category") {
      if (!(await setFaqCategory(COMMAND_LINE, command.entry, command.category))) {
        output.err(`admin: there is no FAQ entry "${command.entry}". Nothing was changed.`);
        return 1;
      }
      output.out(`The FAQ lists "${command.entry}" under ${command.category}.`);
      return 0;
    }
    if (command.action === "strip") {
      const saved = await saveStrip(COMMAND_LINE, command.site, command.locale, command.text, undefined);
      if (!saved.ok) {
        output.err(`admin: there is no site "${command.site}". Nothing was changed.`);
        return 1;
      }
      output.out(command.text ? `The strip on ${command.site} in ${command.locale} says "${command.text}".` : `No strip on ${command.site} in ${command.locale}.`);
      return 0;
    }
    const result = await setPostSite(COMMAND_LINE, command.post, command.site);
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
