/** Only a path on this site: never an open redirect to another one. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string) {
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\") ? target : fallback;
}
