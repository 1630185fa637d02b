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
    <div role="status" data-testid="loading-overlay" aria-live="polite" className="loading-overlay">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="sr-only">{t("shell.loading")}</span>
    </div>
  );
}
