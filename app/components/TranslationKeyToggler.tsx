import { useLocation } from "@remix-run/react";
import { useAtom } from "jotai";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { callApi } from "~/lib/api-client";
import { debounce } from "~/lib/debounce";
import { CAN_VIEW_COOKIE, KEY_MODE_COOKIE, readCookie, translationKeyModeAtom, writeCookie } from "~/platform/translation-keys";
import { useRootData } from "~/hooks/route-data";

const DAY = 86_400;

/**
 * The floating toggler of spec 6. The server decides who may use it; the
 * check runs when the signed-in user changes, and after each navigation
 * while the stored flag says "1", debounced by 1 s (at most 2 s).
 */
export function TranslationKeyToggler() {
  const { t } = useTranslation();
  const userId = useRootData()?.user?.id ?? null;
  const location = useLocation();
  const [allowed, setAllowed] = useState(false);
  const [keyMode, setKeyMode] = useAtom(translationKeyModeAtom);

  const check = useMemo(
    () =>
      debounce(
        async () => {
          const result = await callApi<boolean>("/api/auth/permissions/can-view-translations");
          const permitted = result.ok && result.data === true;
          setAllowed(permitted);
          if (!permitted) {
            writeCookie(CAN_VIEW_COOKIE, "0", DAY);
            setKeyMode(false);
          } else {
            setKeyMode(readCookie(KEY_MODE_COOKIE) === "1");
          }
        },
        1000,
        2000,
      ),
    [setKeyMode],
  );
  useEffect(() => () => check.cancel(), [check]);

  useEffect(() => {
    if (userId === null) {
      setAllowed(false);
      setKeyMode(false);
      return;
    }
    check();
  }, [userId, check, setKeyMode]);

  useEffect(() => {
    if (readCookie(CAN_VIEW_COOKIE) === "1") check();
  }, [location.key, check]);

  if (!allowed) return null;
  return (
    <button
      type="button"
      aria-pressed={keyMode}
      onClick={() => {
        writeCookie(KEY_MODE_COOKIE, keyMode ? "0" : "1", 365 * DAY);
        setKeyMode(!keyMode);
      }}
      className="fixed bottom-4 left-4 z-[1040] rounded-full bg-ink px-4 py-2 text-sm font-semibold text-surface shadow-lg"
    >
      {keyMode ? t("shell.showTexts") : t("shell.showKeys")}
    </button>
  );
}
