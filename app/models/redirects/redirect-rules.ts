// What an operator may enter as a redirect, and how a requested path is
// compared with the stored ones. Pure rules: the admin command and the page
// check share them.

export type RedirectStatus = 301 | 302;

/** The form a path is stored and looked up in: no query, no trailing slash but the root's. */
export function normalizePath(path: string) {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** An address on another origin (or this one, written out): the browser must load it as a new document. */
export function isAbsoluteTarget(target: string) {
  return /^https?:\/\//i.test(target);
}

/** Why an old path cannot be redirected, or null when it can. */
export function fromPathProblem(path: string) {
  if (!path.startsWith("/") || path.startsWith("//")) return "the old path must start with one /, such as /old-page";
  if (/[?#\s]/.test(path)) return "the old path is a path only: no query, fragment or spaces";
  if (/^\/(api|img|media|build|assets)(\/|$)/.test(path)) return "the old path must be a page, not the API or a file";
  return null;
}

/** Why a target cannot be used, or null when it can. */
export function targetProblem(target: string, from: string) {
  if (isAbsoluteTarget(target)) {
    try {
      new URL(target);
    } catch {
      return "the new address is not a valid URL";
    }
    return null;
  }
  if (!target.startsWith("/") || target.startsWith("//")) return "the new address must be a path starting with one / or an http(s):// URL";
  if (/\s/.test(target)) return "the new address may not contain spaces";
  if (normalizePath(target) === normalizePath(from)) return "the new address is the old path itself";
  return null;
}

/** Where the shopper is sent: the target, with the request's query when the target has none of its own. */
export function redirectLocation(target: string, search: string) {
  return search && !target.includes("?") ? `${target}${search}` : target;
}
