import { describe, expect, it } from "vitest";
import { namesOfPage, pageStylesheets, withPageStylesheet } from "./stylesheet.server";

// Decision 044: a page drawn whole carries only the rules its markup can use.

/** A sheet of the shape Tailwind compiles ours to (layers, variants in @media, escaped names, a theme per site). */
const SHEET = [
  "/*! tailwindcss v4 */",
  '@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-space-y-reverse:0;--tw-content:"";--tw-gradient-from:#0000}}}',
  "@layer theme{:root,:host{--spacing:.25rem;--radius-xl:.75rem;--font-mono:ui-monospace;--default-mono-font-family:var(--font-mono)}}",
  "@layer base{*,:after,:before{box-sizing:border-box}code{font-family:var(--default-mono-font-family)}:root,[data-theme=default]{--sf-brand:#0057b8;--sf-danger:#b91c1c}[data-theme=lt]{--sf-brand:#00704a;--sf-danger:#a11}[data-theme=lv]{--sf-brand:#9e3039}}",
  "@layer components{.button-primary{display:inline-flex}@media(hover:hover){.button-primary:hover{background-color:var(--sf-brand)}}.open-when-wide::details-content{display:contents}}",
  "@layer utilities{.sr-only{position:absolute}.quoted{content:var(--tw-content)}.fixed{position:fixed}.top-1\\.5{top:calc(var(--spacing) * 1.5)}.mt-2{margin-top:calc(var(--spacing) * 2)}.mt-4{margin-top:calc(var(--spacing) * 4)}",
  ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}.line-clamp-2,.line-clamp-3{overflow:hidden}.from-brand{--tw-gradient-from:var(--sf-brand)}.bg-linear-to-r{background-image:linear-gradient(to right,var(--tw-gradient-from),#fff)}.font-bold{--tw-font-weight:700;font-weight:700}",
  "@media(hover:hover){.hover\\:underline:hover{text-decoration-line:underline}.group-hover\\:text-brand-strong:is(:where(.group):hover *){color:var(--sf-brand)}}",
  "@media(width>=40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}.sm\\:hidden{display:none}}}",
  '@property --tw-content{syntax:"*";inherits:false;initial-value:""}@property --tw-space-y-reverse{syntax:"*";inherits:false;initial-value:0}',
  '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}@keyframes spin{to{transform:rotate(360deg)}}',
].join("");

const rulesFor = pageStylesheets(SHEET);

describe("a page's own stylesheet", () => {
  it("keeps the rules of the classes the page uses, with their hover and breakpoint variants, and drops the others", () => {
    const sheet = rulesFor(namesOfPage('<p class="sr-only mt-2 sm:grid-cols-3 hover:underline button-primary line-clamp-3">'), "default");
    expect(sheet).toBe(
      [
        "/*! tailwindcss v4 */",
        "@layer theme{:root,:host{--spacing:.25rem}}",
        "@layer base{*,:after,:before{box-sizing:border-box}:root,[data-theme=default]{--sf-brand:#0057b8}}",
        "@layer components{.button-primary{display:inline-flex}@media(hover:hover){.button-primary:hover{background-color:var(--sf-brand)}}}",
        "@layer utilities{.sr-only{position:absolute}.mt-2{margin-top:calc(var(--spacing) * 2)}.line-clamp-2,.line-clamp-3{overflow:hidden}",
        "@media(hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}",
        "@media(width>=40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}}}",
        "@keyframes spin{to{transform:rotate(360deg)}}",
      ].join(""),
    );
  });

  it("declares the custom properties its rules use on every element, in place of registering those of any value", () => {
    const sheet = rulesFor(namesOfPage('<q class="quoted">'), "default");
    expect(sheet).toContain('@layer properties{*,:before,:after{--tw-content:""}}');
    expect(sheet).not.toContain("@property");
    expect(sheet).not.toContain("--tw-space-y-reverse");
  });

  it("keeps the registration of a typed custom property, which lets it be animated", () => {
    const sheet = rulesFor(namesOfPage('<q class="quoted from-brand bg-linear-to-r">'), "default");
    expect(sheet).toContain('@layer properties{*,:before,:after{--tw-content:"";--tw-gradient-from:#0000}}');
    expect(sheet).toContain('@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}');
    expect(sheet).not.toContain("@property --tw-content");
  });

  it("leaves out the variables a utility sets that no rule on the page reads, and a rule that set nothing else", () => {
    const sheet = rulesFor(namesOfPage('<q class="from-brand font-bold">'), "default");
    expect(sheet).toContain("@layer utilities{.font-bold{font-weight:700}}");
    expect(sheet).not.toContain("--tw-gradient-from");
    expect(sheet).not.toContain(".from-brand");
  });

  it("keeps the rules of an input's own parts only when the page has an input of their type", () => {
    const parts = pageStylesheets("@layer base{::file-selector-button{margin:0}::-webkit-datetime-edit-year-field{padding:0}::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}}");
    expect(parts(namesOfPage('<input type="number" name="q">'), "default")).toBe("@layer base{::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}}");
    expect(parts(namesOfPage('<input name="d" type="datetime-local">'), "default")).toContain("::-webkit-datetime-edit-year-field{");
    expect(parts(namesOfPage('<input name="d" type="datetime-local">'), "default")).not.toContain("::file-selector-button");
    expect(parts(namesOfPage('<input type="file" name="f">'), "default")).toContain("::file-selector-button{");
  });

  it("declares only the theme variables its rules use, and those they name in turn", () => {
    const sheet = rulesFor(namesOfPage('<p class="sr-only"><code>x</code>'), "default");
    expect(sheet).toContain("@layer theme{:root,:host{--font-mono:ui-monospace;--default-mono-font-family:var(--font-mono)}}");
    expect(sheet).not.toContain("--spacing");
    expect(sheet).not.toContain("--radius-xl");
  });

  it("keeps an element's rule only when the page has that element, and one named inside :is() or :not() is not needed", () => {
    const elements = pageStylesheets("@layer base{code,kbd{font-family:monospace}abbr:where([title]){text-decoration:underline dotted}:-moz-focusring:where(:not(iframe)){outline:auto}.card>figure{margin:0}.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}}");
    const sheet = elements(namesOfPage('<p><kbd>K</kbd></p><article class="card"><div></div></article>'), "default");
    expect(sheet).toBe("@layer base{code,kbd{font-family:monospace}:-moz-focusring:where(:not(iframe)){outline:auto}}");
    expect(elements(namesOfPage('<abbr title="x"></abbr><article class="card"><figure></figure></article>'), "default")).toBe(
      "@layer base{abbr:where([title]){text-decoration:underline dotted}:-moz-focusring:where(:not(iframe)){outline:auto}.card>figure{margin:0}}",
    );
    // An escaped class naming an element (`[&>svg]:size-4`) needs the class, and the svg its combinator names.
    expect(elements(namesOfPage('<span class="[&amp;&gt;svg]:size-4"><svg></svg></span>'), "default")).toContain("size-4>svg{");
    expect(elements(namesOfPage('<span class="[&amp;&gt;svg]:size-4"></span>'), "default")).not.toContain("size-4>svg{");
  });

  it("keeps a rule that needs two classes only when both are on the page", () => {
    expect(rulesFor(namesOfPage('<article class="group"><a class="group-hover:text-brand-strong">'), "default")).toContain("group-hover\\:text-brand-strong");
    expect(rulesFor(namesOfPage('<a class="group-hover:text-brand-strong">'), "default")).not.toContain("group-hover\\:text-brand-strong");
  });

  it("reads escaped class names from the markup as the browser does", () => {
    const used = namesOfPage('<div class="top-1.5 [&amp;&gt;svg]:size-4  open-when-wide"><svg></svg></div>');
    expect([...used.classes]).toEqual(["top-1.5", "[&>svg]:size-4", "open-when-wide"]);
    const sheet = rulesFor(used, "default");
    expect(sheet).toContain(".top-1\\.5{");
    expect(sheet).toContain(".\\[\\&\\>svg\\]\\:size-4>svg{");
    expect(sheet).toContain(".open-when-wide::details-content{");
  });

  it("keeps the site's own theme and drops the others' colours, and the colours its rules do not use", () => {
    const sheet = rulesFor(namesOfPage('<a class="button-primary">'), "lt");
    expect(sheet).toContain("[data-theme=lt]{--sf-brand:#00704a}");
    expect(sheet).not.toContain("[data-theme=lv]");
    expect(sheet).toContain(":root,[data-theme=default]{--sf-brand:#0057b8}");
    expect(sheet).not.toContain("--sf-danger");
    expect(rulesFor(namesOfPage("<p>"), "lt")).not.toContain("data-theme");
  });

  it("writes the page's rules in place of the whole sheet and marks the page for the browser to link the rest", () => {
    const body = '<body><main class="mt-4"><p class="sr-only">x</p><a class="button-primary">y</a></main></body></html>';
    const page = Buffer.from(`<!DOCTYPE html><html lang="lv" data-theme="lv"><head><style id="shop-styles">${SHEET}</style></head>${body}`);
    const html = withPageStylesheet(page, rulesFor).toString();
    expect(html).toBe(
      `<!DOCTYPE html><html lang="lv" data-theme="lv"><head><style id="shop-styles" data-page-only="">${rulesFor({ classes: new Set(["mt-4", "sr-only", "button-primary"]), tags: new Set(["html", "head", "body", "main", "p", "a", "style"]) }, "lv")}</style></head>${body}`,
    );
    expect(html).toContain(".mt-4{");
    expect(html).toContain("[data-theme=lv]{");
    expect(html).not.toContain(".fixed{");
  });
});
