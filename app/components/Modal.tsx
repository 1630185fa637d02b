import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";

export const MODAL_Z_INDEX = 1050;

export type ModalSize = "sm" | "md" | "lg" | "xl";

const WIDTHS: Record<ModalSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-lg",
  lg: "sm:max-w-3xl",
  xl: "sm:max-w-5xl",
};

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  size?: ModalSize;
  /** On a phone the modal rises from the bottom edge as a sheet. */
  mobile?: boolean;
  fullScreen?: boolean;
  /** Asked before every close; returning false keeps the modal open. */
  canClose?: () => boolean;
  /** Called, and a "close-prevented" event dispatched, when canClose said no. */
  onClosePrevented?: () => void;
  className?: string;
  /**
   * A form or a message that is part of the page without JavaScript: until
   * the page is hydrated (and for good, without scripts) the dialog is a
   * section in the page's flow, and then becomes the modal. The elements stay
   * the same, so nothing typed before meanwhile is lost.
   */
  inPage?: boolean;
  /** With `inPage`, false keeps it in the page with JavaScript too (a form the page opens by itself). */
  modal?: boolean;
};

/**
 * The one modal of the shop, on the native <dialog>: the browser traps focus
 * inside and makes the page behind inert. Scrolling is locked while it is
 * open and the position and focus are restored on close.
 */
export function Modal({
  open,
  onClose,
  title,
  footer,
  children,
  size = "md",
  mobile = false,
  fullScreen = false,
  canClose,
  onClosePrevented,
  className = "",
  inPage = false,
  modal = true,
}: ModalProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  function requestClose() {
    if (canClose && !canClose()) {
      onClosePrevented?.();
      dialogRef.current?.dispatchEvent(new CustomEvent("close-prevented"));
      return;
    }
    onClose();
  }

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (!modal) {
      if (!dialog.open) dialog.show();
      return () => dialog.close();
    }
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const unlockScroll = lockScroll();
    // Opened in the server's HTML (see below): reopen it as a true modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    // The browser focuses the first control, the close icon; a form's first field may ask for it instead.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      dialog.close();
      unlockScroll();
      previouslyFocused?.focus?.();
    };
  }, [open, modal]);

  const layout = fullScreen
    ? "h-dvh w-screen max-h-none max-w-none m-0 rounded-none"
    : `${WIDTHS[size]} w-full max-h-[90dvh] sm:rounded-xl ${
        mobile ? "mb-0 mt-auto rounded-t-2xl max-sm:mx-0 max-sm:max-w-none sm:m-auto" : "rounded-xl m-auto max-w-[calc(100vw-2rem)]"
      }`;

  return (
    // The backdrop click is a mouse convenience; keyboards close with Escape
    // (the cancel event) or the close button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      // A modal rendered open on the server is open in the HTML, so it shows
      // before JavaScript runs, and without it. The browser then owns the
      // attribute: React leaves it alone after hydration.
      open={typeof document === "undefined" && open ? true : undefined}
      suppressHydrationWarning
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : t("modal.close")}
      className={`modal fixed inset-0 bg-surface text-ink p-0 shadow-2xl backdrop:bg-black/50 ${layout} ${inPage ? "modal-in-page" : ""} ${className}`}
      style={{ zIndex: MODAL_Z_INDEX }}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Tab" && dialogRef.current?.matches(":modal")) keepFocusInside(dialogRef.current, event);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current && dialogRef.current.matches(":modal")) requestClose();
      }}
    >
      {open ? (
        <div className="flex max-h-[inherit] flex-col">
          <header className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            {title ? (
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
            ) : (
              <span />
            )}
            <button
              type="button"
              onClick={requestClose}
              className="-m-2 rounded-full p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
              aria-label={t("modal.close")}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </header>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <footer className="border-t border-line px-5 py-4">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last element goes to the first and Shift+Tab the other way: focus never leaves the modal. */
function keepFocusInside(dialog: HTMLElement, event: React.KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Locks the page's scrolling and gives back a function that restores it where it was. */
function lockScroll() {
  const { body } = document;
  const scrollY = window.scrollY;
  const previous = { position: body.style.position, top: body.style.top, width: body.style.width };
  body.style.position = "fixed";
  body.style.top = `-${scrollY}px`;
  body.style.width = "100%";
  return () => {
    Object.assign(body.style, previous);
    window.scrollTo(0, scrollY);
  };
}
