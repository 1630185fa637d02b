import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { openModalAtom } from "~/state/ui";
import { Modal } from "./Modal";
import { isUnsupportedBrowser } from "~/lib/browser-support";

const BROWSERS = [
  { name: "Google Chrome", href: "https://www.google.com/chrome/" },
  { name: "Mozilla Firefox", href: "https://www.mozilla.org/firefox/" },
  { name: "Microsoft Edge", href: "https://www.microsoft.com/edge" },
  { name: "Apple Safari", href: "https://www.apple.com/safari/" },
];

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
        {BROWSERS.map((browser) => (
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
