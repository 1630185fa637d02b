import { useEffect, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { callApi } from "~/lib/api-client";

const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Compares this page's build with /builds/latest.json every few minutes and
 * when the tab comes back into view, and offers a reload after a deploy.
 */
export function NewVersionNotice() {
  const { t } = useTranslation();
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    let stopped = false;
    async function check() {
      if (document.visibilityState !== "visible") return;
      const result = await callApi<{ buildId: string }>("/builds/latest.json", { timeoutMs: 10_000 });
      if (!stopped && result.ok && result.data.buildId !== __BUILD_ID__) setOutdated(true);
    }
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);

  if (!outdated) return null;
  return (
    <div role="status" className="fixed inset-x-4 bottom-4 z-[1040] mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg bg-ink px-4 py-3 text-surface shadow-xl">
      <span>{t("shell.newVersion")}</span>
      <button type="button" className="rounded bg-surface px-3 py-1.5 font-semibold text-ink" onClick={() => window.location.reload()}>
        {t("shell.reload")}
      </button>
    </div>
  );
}
