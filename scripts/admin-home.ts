// npm run admin -- home list|move|hide|show|set: a site's home page, its
// sections' order, which it shows and what they say (docs/home.md).
import { isLocale, LOCALES } from "../app/lib/i18n";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { listHomeRows, moveHomeSection, setHomeField, setHomeVisibility, type Refusal } from "../app/models/home/home-admin.server";
import { checkField, HOME_SECTION_KINDS, isHomeSectionKind, rowsForLanguage, siteOrder, type HomeSectionKind, type HomeSectionRow } from "../app/models/home/sections";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

const KINDS = HOME_SECTION_KINDS.join("|");

export const HOME_USAGE = `  home list --site <site code> [--language <${LOCALES.join("|")}>]
                                                   a site's home sections in order; with a language, as its page shows them
  home move --site <site code> --section <${KINDS}> --to <place>
                                                   move a section to that place (1 is the top), in every language
  home hide|show --site <site code> --section <section> [--language <language>]
                                                   hide or show a section, in every language or in one
  home set --site <site code> --section <section> [--language <language>] --field <field> --value <text>
                                                   fill a field: hero title, text, buttonLabel, buttonLink, secondaryLabel,
                                                   secondaryLink, image; any other section's heading; a shelf's or the
                                                   blog teasers' count`;

type Base = { command: "home"; site: string };
export type HomeCommand =
  | (Base & { action: "list"; language?: string })
  | (Base & { action: "move"; section: HomeSectionKind; to: number })
  | (Base & { action: "hide" | "show"; section: HomeSectionKind; language?: string })
  | (Base & { action: "set"; section: HomeSectionKind; language?: string; field: string; value: string | number });

function site(options: Record<string, string>) {
  const code = options.site?.trim();
  if (!code) throw new UsageError("--site is required: a site's code, such as lt or pj");
  return code;
}

function section(options: Record<string, string>) {
  const kind = options.section?.trim();
  if (!kind) throw new UsageError(`--section is required: one of ${HOME_SECTION_KINDS.join(", ")}`);
  if (!isHomeSectionKind(kind)) throw new UsageError(`--section must be one of ${HOME_SECTION_KINDS.join(", ")}; got "${kind}"`);
  return kind;
}

function language(options: Record<string, string>) {
  const iso = options.language?.trim();
  if (iso === undefined) return undefined;
  if (!isLocale(iso)) throw new UsageError(`--language must be one of ${LOCALES.join(", ")}; got "${iso}"`);
  return iso;
}

export function parseHomeArgs(action: string | undefined, rest: string[]): HomeCommand {
  if (action === "list") {
    const options = readOptions(rest, ["site", "language"]);
    return { command: "home", action, site: site(options), language: language(options) };
  }
  if (action === "move") {
    const options = readOptions(rest, ["site", "section", "to"]);
    const to = options.to?.trim() ?? "";
    if (!/^[1-9]\d{0,2}$/.test(to)) throw new UsageError(`--to must be a place from 1 (the top), such as 2; got "${to}"`);
    return { command: "home", action, site: site(options), section: section(options), to: Number(to) };
  }
  if (action === "hide" || action === "show") {
    const options = readOptions(rest, ["site", "section", "language"]);
    return { command: "home", action, site: site(options), section: section(options), language: language(options) };
  }
  if (action === "set") {
    const options = readOptions(rest, ["site", "section", "language", "field", "value"]);
    const kind = section(options);
    const field = options.field?.trim();
    if (!field) throw new UsageError("--field is required");
    if (options.value === undefined) throw new UsageError("--value is required");
    const checked = checkField(kind, field, options.value);
    if ("issue" in checked) throw new UsageError(checked.issue);
    return { command: "home", action, site: site(options), section: kind, language: language(options), field, value: checked.value };
  }
  throw new UsageError(action ? `unknown home command "${action}"` : "say list, move, hide, show or set");
}

function refusal(command: HomeCommand, result: Refusal) {
  const where = `site ${command.site}`;
  if (result.refused === "stale") return `${where} changed meanwhile`;
  if (result.refused === "no-site") return `there is no site "${command.site}"`;
  if (result.refused === "no-language") return `${where} has no language "${"language" in command ? command.language : ""}"`;
  if (result.refused === "no-place") return `${where} has ${result.sections} sections: the place must be from 1 to ${result.sections}`;
  const kind = "section" in command ? command.section : "";
  return command.action === "set" && command.language
    ? `${where} has no ${kind} section to copy for that language: show it first`
    : `${where} has no ${kind} section${command.action === "set" ? `: add it with "home show --site ${command.site} --section ${kind}"` : ""}`;
}

function describe(row: HomeSectionRow, languages: Map<number, string>) {
  const content = JSON.stringify(row.content);
  const scope = row.language_id === null ? "every language" : (languages.get(row.language_id) ?? `language ${row.language_id}`);
  return `${row.kind.padEnd(13)} ${row.is_visible ? "shown " : "hidden"}  ${scope.padEnd(14)}  ${content === "{}" ? "" : content}`.trimEnd();
}

async function list(command: Extract<HomeCommand, { action: "list" }>, output: AdminOutput) {
  const found = await listHomeRows(command.site);
  if (!found) {
    output.err(`admin: ${refusal(command, { refused: "no-site" })}.`);
    return 1;
  }
  const { site, rows } = found;
  const languages = new Map(site.languages.map((l) => [l.id, l.iso_code]));
  if (rows.length === 0) {
    output.out(`${site.code} (${site.name}) has no sections of its own: its home page shows the default order, ${siteOrder([]).join(", ")}.`);
    return 0;
  }
  if (command.language !== undefined) {
    const languageId = site.languages.find((l) => l.iso_code === command.language)?.id;
    if (languageId === undefined) {
      output.err(`admin: ${refusal(command, { refused: "no-language" })}. Nothing to list.`);
      return 1;
    }
    output.out(`${site.code} (${site.name}), its home page in ${command.language}:`);
    rowsForLanguage(rows, languageId).forEach((row, i) => output.out(`  ${String(i + 1).padStart(2)}. ${describe(row, languages)}`));
    return 0;
  }
  output.out(`${site.code} (${site.name}), languages ${site.languages.map((l) => l.iso_code).join(", ")}:`);
  siteOrder(rows).forEach((kind, i) => {
    const ofKind = rows.filter((row) => row.kind === kind).sort((a, b) => (a.language_id ?? 0) - (b.language_id ?? 0));
    ofKind.forEach((row, j) => output.out(`  ${j === 0 ? `${String(i + 1).padStart(2)}.` : "   "} ${describe(row, languages)}`));
  });
  return 0;
}

/** What a change says it did, and notes for the operator. */
async function change(command: Exclude<HomeCommand, { action: "list" }>): Promise<Refusal | { said: string[] }> {
  const inLanguage = command.action !== "move" && command.language ? ` in ${command.language}` : "";
  if (command.action === "move") {
    const result = await moveHomeSection(COMMAND_LINE, command.site, command.section, command.to);
    return "refused" in result ? result : { said: [`The home page of ${command.site} now shows: ${result.order.join(", ")}.`] };
  }
  if (command.action === "set") {
    const result = await setHomeField(COMMAND_LINE, command.site, command.section, command.field, command.value, command.language);
    if ("refused" in result) return result;
    const said = [`The ${command.section} section of ${command.site} has ${command.field} ${JSON.stringify(command.value)}${inLanguage || " in every language"}.`];
    if (result.replacedIn.length > 0) said.push(`Its own rows in ${result.replacedIn.join(", ")} are shown there instead; change them with --language.`);
    return { said };
  }
  const result = await setHomeVisibility(COMMAND_LINE, command.site, command.section, command.action === "show", command.language);
  return "refused" in result ? result : { said: [`The home page of ${command.site} ${command.action === "show" ? "shows" : "hides"} ${command.section}${inLanguage}.`] };
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runHome(command: HomeCommand, output: AdminOutput): Promise<number> {
  try {
    if (command.action === "list") return await list(command, output);
    const result = await change(command);
    if ("refused" in result) {
      output.err(`admin: ${refusal(command, result)}. Nothing was changed.`);
      return 1;
    }
    for (const line of result.said) output.out(line);
    output.out("Every running server shows it within a second.");
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
