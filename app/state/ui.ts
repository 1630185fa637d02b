import { atom } from "jotai";

// Browser-only state of the shell. Shopping state lives in the URL instead.

/** Callers that have asked for the full-page loading overlay; shown while > 0. */
export const loadingOverlayAtom = atom(0);

/** The spec's named modals; only one is open at a time and all close when the route changes. */
export type ModalName =
  | "login"
  | "register"
  | "forgot-password"
  | "cart"
  | "new-address"
  | "edit-address"
  | "size-chart"
  | "recalculate"
  | "additional-info-success"
  | "shipping-select"
  | "unsupported-browser";
export const openModalAtom = atom<ModalName | null>(null);

/** The modals over the current page that stand in for the sign-in, sign-up and password-reset pages. */
export const AUTH_MODALS = ["login", "register", "forgot-password"] as const satisfies readonly ModalName[];
export type AuthModalName = (typeof AUTH_MODALS)[number];

export function isAuthModal(name: ModalName | null): name is AuthModalName {
  return (AUTH_MODALS as readonly (ModalName | null)[]).includes(name);
}

/** Set by an error boundary so the progress bar finishes in the error colour. */
export const navigationFailedAtom = atom(false);
