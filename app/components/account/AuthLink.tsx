import type { LinkProps } from "@remix-run/react";
import { useSetAtom } from "jotai";
import { isBrowsersOwn, LocaleLink } from "~/components/LocaleLink";
import { openModalAtom, type AuthModalName } from "~/state/ui";

/**
 * A link to the sign-in, sign-up or password-reset page. Once the page's
 * JavaScript runs, a plain click opens the same form in a modal over the
 * current page instead (spec 2); before that, without JavaScript, or when
 * opened in a new tab, it is the page.
 */
export function AuthLink({ modal, onClick, ...props }: LinkProps & { modal: AuthModalName }) {
  const setOpenModal = useSetAtom(openModalAtom);
  return (
    <LocaleLink
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isBrowsersOwn(event, props.target)) return;
        event.preventDefault();
        setOpenModal(modal);
      }}
    />
  );
}
