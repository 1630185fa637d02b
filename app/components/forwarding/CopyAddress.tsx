import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";

/**
 * A warehouse address as selectable text, so it can be copied by hand before
 * JavaScript runs; once it does, a small button copies it in one press.
 */
export function CopyAddress({ name, lines, text }: { name: string; lines: string[]; text: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      .writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="rounded-lg border border-line p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        {hydrated ? (
          <button type="button" onClick={copy} className="button-secondary px-3 py-1 text-sm" aria-label={t("forwarding.parcels.copyLabel", { warehouse: name })}>
            {copied ? t("forwarding.parcels.copied") : t("forwarding.parcels.copy")}
          </button>
        ) : null}
      </div>
      <address className="select-all whitespace-pre-line text-sm not-italic">{lines.join("\n")}</address>
      <span className="sr-only" role="status">
        {copied ? t("forwarding.parcels.copied") : ""}
      </span>
    </div>
  );
}
