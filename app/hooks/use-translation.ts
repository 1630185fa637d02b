import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { translate, type Texts, type Translate } from "~/lib/texts";

type PageTexts = { texts: Texts | undefined; showKeys: boolean };

const TextsContext = createContext<PageTexts>({ texts: undefined, showKeys: false });

/**
 * Hands the page's texts to every component below; without texts of its own
 * (the root loader failed) it keeps the ones around it, which the server
 * gives every render. In translation-key mode (spec 6) each text shows its
 * key instead.
 */
export function TextsProvider({ texts, showKeys = false, children }: { texts: Texts | undefined; showKeys?: boolean; children: ReactNode }) {
  const around = useContext(TextsContext).texts;
  const shown = texts ?? around;
  const value = useMemo(() => ({ texts: shown, showKeys }), [shown, showKeys]);
  return createElement(TextsContext.Provider, { value }, children);
}

/** `const { t } = useTranslation()`: the page's texts by key (lib/texts). */
export function useTranslation(): { t: Translate } {
  const { texts, showKeys } = useContext(TextsContext);
  return useMemo(() => ({ t: showKeys ? (key: string) => key : (key, values) => translate(texts, key, values) }), [texts, showKeys]);
}
