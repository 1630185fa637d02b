import { useAtomValue } from "jotai";
import { useTranslation } from "~/hooks/use-translation";
import { loadingOverlayAtom } from "~/state/ui";

/**
 * The global overlay with a spinner, for work that blocks the whole page:
 * spec 4 gives it one, the checkout's invalidation while the shopper leaves
 * it (hooks/checkout-invalidation.ts). It clears on the next route.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  if (useAtomValue(loadingOverlayAtom) <= 0) return null;
  return (
    <div role="status" data-testid="loading-overlay" aria-live="polite" className="fixed inset-0 z-[1060] grid place-items-center bg-surface/70 backdrop-blur-sm">
      <span className="size-10 animate-spin rounded-full border-4 border-brand border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{t("shell.loading")}</span>
    </div>
  );
}
