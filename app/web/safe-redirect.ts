// Where a form may send the browser after it is done (`redirectTo`). A target
// is judged by the origin a browser would resolve it to, not by its first
// characters: browsers drop tabs and line breaks from URLs and read a
// backslash as a slash, so "/\t/evil.example" and "/\\evil.example" lead to
// another site. Only a path on this site passes, rebuilt from its parsed
// parts, so no control character can reach a Location header.

const BASE = "http://this-site.invalid";

/** A same-site path for `target`, or `fallback`. Call it before changing anything. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
