import { atom } from "jotai";

// Translation-key mode (spec 6): permitted users can see every text's key in
// its place, to find what to translate. Both flags are plain cookies the
// browser reads.
export const CAN_VIEW_COOKIE = "can-view-translations";
export const KEY_MODE_COOKIE = "translation-keys";

export const translationKeyModeAtom = atom(false);

export function readCookie(name: string) {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}
