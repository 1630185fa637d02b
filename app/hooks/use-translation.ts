import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { pluralRuleOf, translate, type PluralRule, type Texts, type Translate } from "~/lib/texts";

type PageTexts = { texts: Texts | undefined; plural: PluralRule | undefined; showKeys: boolean };

const TextsContext = createContext<PageTexts>({ texts: undefined, plural: undefined, showKeys: false });

/**
 * Hands the page's texts to every component below; without texts of its own
 * (the root loader failed) it keeps the ones around it, which the server
 * gives every render. `lang` is the texts' Intl language tag ("lt", "et"),
 * whose plural rules choose the form of a text that takes a count. In
 * translation-key mode (spec 6) each text shows its key instead.
 */
export function TextsProvider({ texts, lang, showKeys = false, children }: { texts: Texts | undefined; lang?: string; showKeys?: boolean; children: ReactNode }) {
  const around = useContext(TextsContext);
  const shown = texts ?? around.texts;
  const plural = texts && lang ? pluralRuleOf(lang) : around.plural;
  const value = useMemo(() => ({ texts: shown, plural, showKeys }), [shown, plural, showKeys]);
  return createElement(TextsContext.Provider, { value }, children);
}

/** `const { t } = useTranslation()`: the page's texts by key (lib/texts). */
export function useTranslation(): { t: Translate } {
  const { texts, plural, showKeys } = useContext(TextsContext);
  return useMemo(() => ({ t: showKeys ? (key: string) => key : (key, values) => translate(texts, key, values, plural) }), [texts, plural, showKeys]);
}
