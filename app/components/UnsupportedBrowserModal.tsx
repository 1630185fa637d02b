import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { openModalAtom } from "~/state/ui";
import { Modal } from "./Modal";
import { CURRENT_BROWSERS, isUnsupportedBrowser } from "~/lib/browser-support";

export function UnsupportedBrowserModal() {
  const { t } = useTranslation();
  const [openModal, setOpenModal] = useAtom(openModalAtom);

  // Mounted only for an outdated browser (see AppShell), it opens at once.
  useEffect(() => {
    if (isUnsupportedBrowser(navigator.userAgent)) setOpenModal("unsupported-browser");
  }, [setOpenModal]);

  return (
    <Modal
      open={openModal === "unsupported-browser"}
      onClose={() => setOpenModal(null)}
      title={t("unsupported.title")}
      size="md"
      mobile
      footer={
        <button type="button" className="button-primary w-full" onClick={() => setOpenModal(null)}>
          {t("unsupported.proceed")}
        </button>
      }
    >
      <p>{t("unsupported.notice")}</p>
      <p className="mt-3">{t("unsupported.download")}</p>
      <ul className="mt-2 grid grid-cols-2 gap-2">
        {CURRENT_BROWSERS.map((browser) => (
          <li key={browser.name}>
            <a className="link" href={browser.href} rel="noopener noreferrer" target="_blank">
              {browser.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-muted">{t("unsupported.note")}</p>
    </Modal>
  );
}
