import type { SessionUser } from "./sessions.server";

/** Spec 6: only permitted users see the translation-key toggler; here, operators. */
export function canViewTranslations(user: SessionUser | null) {
  return user?.role === "admin";
}
