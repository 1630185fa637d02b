// The compiled stylesheet as text, built with the server (decision 022).
import css from "~/tailwind.css?inline";

export const stylesheet: string = css;

// Issue 31, point 1: a page drawn whole carries only the rules its own
// markup can use (decision 044). The rest of the sheet, 30 KB and more, is
// for other pages and the back office; the browser fetches it as a file once
// the scripts have run (entry.client.tsx), for what they draw later.

/**
 * A rule and what each of its selectors needs on the page: kept when one
 * selector's classes and elements are all there (so a rule that names none
 * is always kept); `theme` is the data-theme it is for alone.
 */
type Rule = { text: string; needs: { classes: string[]; tags: string[] }[]; theme?: string };
/** The classes a page's markup names, and the elements it has. */
export type PageNames = { classes: Set<string>; tags: Set<string> };
type Block = { kind: "rule"; rule: Rule } | { kind: "group"; open: string; children: Block[] } | { kind: "raw"; text: string };

/** The class names a selector needs, unescaped (`.top-1\.5` is `top-1.5`). */
function classesOf(selector: string) {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
}

/**
 * The elements a selector needs (`.card > figure` needs a figure); one named
 * inside :is(), :not() or an attribute's brackets is not needed.
 */
function tagsOf(selector: string) {
  const tags: string[] = [];
  let depth = 0;
  let compoundStart = true;
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at]!;
    if (char === "\\") at++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (depth === 0 && /[\s>+~]/.test(char)) {
      compoundStart = true;
      continue;
    } else if (char === "." || char === "#" || char === ":") {
      // A class, an id or a pseudo-class: its name (escapes and all) is not an element.
      while (at + 1 < selector.length && (selector[at + 1] === ":" || selector[at + 1] === "\\" || /[\w-]/.test(selector[at + 1]!))) at += selector[at + 1] === "\\" ? 2 : 1;
    } else if (depth === 0 && compoundStart && /[a-z]/i.test(char)) {
      const name = /^[a-z][\w-]*/i.exec(selector.slice(at))![0];
      tags.push(name.toLowerCase());
      at += name.length - 1;
    }
    compoundStart = false;
  }
  return tags;
}

// Parts a browser draws only inside an input of some types: a page without
// such an input needs none of their rules (1 KB of the reset is for date
// pickers and file buttons). Each stands for its types as one name among
// the page's elements.
const INPUT_PARTS: [part: RegExp, input: string][] = [
  [/::file-selector-button\b/, "input[type=file]"],
  [/::-webkit-(?:date-and-time-value|datetime-edit|calendar-picker-indicator)/, "input[type=date]"],
];
// Run over every page drawn whole: it looks for those types alone, the rest need nothing.
const INPUT_OF_A_PART = /<input\b[^>]*\btype="(file|date|time|datetime-local|month|week)"/g;

/** The inputs a selector's parts need (`::file-selector-button` needs a file input). */
function inputsOf(selector: string) {
  return INPUT_PARTS.filter(([part]) => part.test(selector)).map(([, input]) => input);
}

/** The index of the brace that closes the block opened just before `from`, past strings and comments. */
function closingBrace(text: string, from: number) {
  let depth = 1;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'") at = text.indexOf(char, at + 1);
    else if (char === "/" && text[at + 1] === "*") at = text.indexOf("*/", at + 2) + 1;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  throw new Error("Unbalanced stylesheet");
}

/** The rules and at-rules of minified CSS: conditional groups (@media, @supports, @layer) are looked into, every other at-rule is kept whole. */
function parse(text: string): Block[] {
  const blocks: Block[] = [];
  let at = 0;
  while (at < text.length) {
    if (text.startsWith("/*", at)) {
      const end = text.indexOf("*/", at) + 2;
      blocks.push({ kind: "raw", text: text.slice(at, end) });
      at = end;
      continue;
    }
    const open = text.indexOf("{", at);
    const statement = text.indexOf(";", at);
    if (open === -1 || (statement !== -1 && statement < open)) {
      // A statement such as `@layer a,b;`, or what is left.
      const end = statement === -1 ? text.length : statement + 1;
      blocks.push({ kind: "raw", text: text.slice(at, end) });
      at = end;
      continue;
    }
    const prelude = text.slice(at, open).trim();
    const close = closingBrace(text, open + 1);
    const body = text.slice(open + 1, close);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) blocks.push({ kind: "group", open: prelude, children: parse(body) });
    else if (prelude.startsWith("@") || body.includes("{")) blocks.push({ kind: "raw", text: text.slice(at, close + 1) });
    else {
      const theme = /^\[data-theme=([\w-]+)\]$/.exec(prelude)?.[1];
      const needs = splitSelectors(prelude).map((selector) => ({ classes: classesOf(selector), tags: [...tagsOf(selector), ...inputsOf(selector)] }));
      blocks.push({ kind: "rule", rule: { text: `${prelude}{${body}}`, needs, theme } });
    }
    at = close + 1;
  }
  return blocks;
}

function write(blocks: Block[], used: PageNames, theme: string): string {
  let out = "";
  for (const block of blocks) {
    if (block.kind === "raw") out += block.text;
    else if (block.kind === "rule") {
      const { rule } = block;
      if (rule.theme !== undefined && rule.theme !== theme) continue;
      // A selector list is kept whole when any of its selectors could match.
      if (!rule.needs.some(({ classes, tags }) => classes.every((name) => used.classes.has(name)) && tags.every((name) => used.tags.has(name)))) continue;
      out += rule.text;
    } else {
      const inner = write(block.children, used, theme);
      if (inner) out += `${block.open}{${inner}}`;
    }
  }
  return out;
}

/** A selector list split at its top-level commas (not those inside :is(), :where() or :not()). */
function splitSelectors(prelude: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < prelude.length; at++) {
    const char = prelude[at];
    if (char === "\\") at++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(prelude.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

// Tailwind registers every `--tw-*` variable any utility uses, twice: as an
// `@property` and, for browsers without it, in a `properties` layer. A page
// needs those of its own rules only (about 5 KB of the rest).
const PROPERTY_RULE = /@property (--tw-[\w-]+)\{[^}]*\}/g;
const PROPERTIES_LAYER = /@layer properties\{@supports [^{]*\{([^{]*)\{([^}]*)\}\}\}/;
// A registration of any value that does not inherit does two things: each
// element starts from its initial value, and none takes its parent's. The
// properties layer does the same for browsers without @property by
// declaring the initial value on every element; declared for every browser,
// it makes such registrations needless (1 KB of a listing). A typed one
// stays: it is what lets its variable be animated.
const UNTYPED_PROPERTY_RULE = /@property (--tw-[\w-]+)\{syntax:"\*";inherits:false(?:;[^}]*)?\}/g;

// The theme's own variables (sizes, radii, easings) are declared on :root
// for every page, 1.5 KB of which a listing uses half; a page keeps those its
// rules name, and those they name in turn.
const THEME_LAYER = /@layer theme\{:root,:host\{([^}]*)\}\}/;
// A site's colours (app/themes, tailwind.config.ts): the default's on :root, each other's on its data-theme.
const SITE_THEME_RULE = /(?<=[{}])(:root,\[data-theme=default\]|\[data-theme=[\w-]+\])\{([^}]*)\}/g;

// A font weight's or a tracking's utility also sets a variable
// (`--tw-font-weight:600`) for the rules that read it; a page without such a
// rule has no use for it.
const TW_DECLARATION = /(?<=[{;])(--tw-[\w-]+):(?:"[^"]*"|'[^']*'|[^;}"'])*;?/g;

/** The sheet with only the `--tw-*` variables its rules read, and the theme variables and site colours they name. */
function withUsedCustomProperties(whole: string) {
  const read = new Set(Array.from(whole.matchAll(/var\((--tw-[\w-]+)/g), (match) => match[1]));
  const text = whole
    .replace(TW_DECLARATION, (declaration, name: string) => (read.has(name) ? declaration : ""))
    // A rule that set nothing else goes with them (the properties layer's own, on `*`, is seen to below).
    .replace(/(?<=[{}])[^@{};*]+\{\}/g, "");
  const layer = PROPERTIES_LAYER.exec(text);
  const theme = THEME_LAYER.exec(text);
  const rules = text.replace(PROPERTY_RULE, "").replace(layer?.[0] ?? "", "").replace(theme?.[0] ?? "", "");
  const used = new Set(rules.match(/--[\w-]+/g));
  const nameOf = (declaration: string) => declaration.slice(0, declaration.indexOf(":"));
  let out = text.replace(PROPERTY_RULE, (rule, name: string) => (used.has(name) ? rule : ""));
  if (layer) {
    const declarations = layer[2]!.split(";").filter((declaration) => used.has(nameOf(declaration)));
    const declared = new Set(declarations.map(nameOf));
    out = out.replace(layer[0], declarations.length ? `@layer properties{${layer[1]}{${declarations.join(";")}}}` : "");
    out = out.replace(UNTYPED_PROPERTY_RULE, (rule, name: string) => (declared.has(name) ? "" : rule));
  }
  if (theme) {
    const declarations = theme[1]!.split(";");
    // A kept variable may name another (`--default-mono-font-family:var(--font-mono)`): keep following until nothing new is named.
    for (let grew = true; grew; ) {
      grew = false;
      for (const declaration of declarations) {
        if (!used.has(nameOf(declaration))) continue;
        for (const name of declaration.slice(declaration.indexOf(":")).match(/--[\w-]+/g) ?? []) {
          if (!used.has(name)) grew = Boolean(used.add(name));
        }
      }
    }
    const kept = declarations.filter((declaration) => used.has(nameOf(declaration)));
    out = out.replace(theme[0], kept.length ? theme[0].replace(theme[1]!, kept.join(";")) : "");
  }
  // The same for a site's colours: a listing draws no error's or success's.
  const colours = new Set(Array.from(out.matchAll(/var\((--sf-[\w-]+)/g), (match) => match[1]));
  return out.replace(SITE_THEME_RULE, (_rule, selector: string, body: string) => {
    const kept = body.split(";").filter((declaration) => !declaration.startsWith("--sf-") || colours.has(nameOf(declaration)));
    return kept.length ? `${selector}{${kept.join(";")}}` : "";
  });
}

// What the browser puts in a page its markup may leave out.
const IMPLIED_TAGS = ["html", "head", "body", "tbody"];

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const TAG_NAME = /<([a-z][\w-]*)/gi;

/** An attribute's text as the browser reads it: React escapes these five. */
function unescapeAttribute(value: string) {
  return value.includes("&") ? value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">") : value;
}

/**
 * The classes the page's markup names, and the elements it has. Run over
 * every page drawn whole: a listing repeats its cards' few class lists 48
 * times, so each list is read once.
 */
export function namesOfPage(html: string): PageNames {
  const lists = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) lists.add(match[1]!);
  const classes = new Set<string>();
  for (const list of lists) {
    for (const name of unescapeAttribute(list).split(/\s+/)) {
      if (name) classes.add(name);
    }
  }
  const tags = new Set(IMPLIED_TAGS);
  for (const match of html.matchAll(TAG_NAME)) tags.add(match[1]!.toLowerCase());
  for (const match of html.matchAll(INPUT_OF_A_PART)) tags.add(match[1] === "file" ? "input[type=file]" : "input[type=date]");
  return { classes, tags };
}

/**
 * A stylesheet cut to what each page uses. The rules are read once; the same
 * classes in the same theme give the same text, kept for the next page.
 */
export function pageStylesheets(wholeSheet: string) {
  const sheet = parse(wholeSheet);
  const kept = new Map<string, string>();
  return (used: PageNames, theme: string) => {
    const key = `${theme} ${[...used.classes].sort().join(" ")} <${[...used.tags].sort().join(" ")}`;
    let text = kept.get(key);
    if (text === undefined) {
      text = withUsedCustomProperties(write(sheet, used, theme));
      // Pages of one kind share their classes but for a few (a badge, a sold-out card): a few hundred sets at most.
      if (kept.size >= 500) kept.delete(kept.keys().next().value!);
      kept.set(key, text);
    }
    return text;
  };
}

const stylesheetFor = pageStylesheets(css);

const STYLE_OPEN = Buffer.from('<style id="shop-styles">');
const STYLE_CLOSE = Buffer.from("</style>");
/** What marks a page whose sheet is its own rules only: entry.client.tsx then links the whole sheet. */
export const PAGE_ONLY_ATTRIBUTE = "data-page-only";

/** A page drawn whole, with its stylesheet cut to the rules its markup uses. */
export function withPageStylesheet(html: Buffer<ArrayBuffer>, rulesFor = stylesheetFor) {
  const open = html.indexOf(STYLE_OPEN);
  const close = open === -1 ? -1 : html.indexOf(STYLE_CLOSE, open);
  if (close === -1) return html;
  const rest = html.subarray(close);
  const theme = /<html[^>]*\sdata-theme="([\w-]+)"/.exec(html.subarray(0, open).toString("latin1"))?.[1] ?? "default";
  const rules = rulesFor(namesOfPage(`${html.subarray(0, open).toString()}${rest.toString()}`), theme);
  return Buffer.concat([html.subarray(0, open), Buffer.from(`<style id="shop-styles" ${PAGE_ONLY_ATTRIBUTE}="">${rules}`), rest]);
}
