import en, { type AdminTexts } from "~/locales/admin/en";
import lt from "~/locales/admin/lt";
import type { Texts } from "~/lib/texts";
import { translate, type TextValues } from "~/lib/texts";
import { translationsFor } from "~/platform/i18n.server";

// The back office speaks English and Lithuanian (docs/back-office.md); a
// staff member who chose Latvian or Estonian reads English until those
// texts exist. Its texts are apart from the shop's, so no shop page
// carries them: the admin layout hands them to its pages.

export type AdminLocale = "en" | "lt";

const ADMIN_TEXTS: Record<AdminLocale, AdminTexts> = { en, lt };

export function adminLocale(locale: string | null | undefined): AdminLocale {
  return locale === "lt" ? "lt" : "en";
}

/** The staff sign-in pages' language, before anyone is known: the browser's first of the two. */
export function adminLocaleOfRequest(request: Request): AdminLocale {
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === "lt" || tag === "en") return tag;
  }
  return "en";
}

/** What a back-office page translates with: its own texts under "admin", and the shop's validation and API messages and its names of order statuses and kinds. */
export function adminPageTexts(locale: AdminLocale): Texts {
  const shop = translationsFor(locale);
  return { admin: ADMIN_TEXTS[locale], validation: shop.validation, api: shop.api, request: shop.request, orders: shop.orders };
}

/** A back-office text on the server (an email, a notice). */
export function adminT(locale: AdminLocale) {
  return (key: string, values?: TextValues) => translate({ admin: ADMIN_TEXTS[locale] }, `admin.${key}`, values);
}
