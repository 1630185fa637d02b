import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { track } from "~/hooks/use-data-layer";
import { useTranslation } from "~/hooks/use-translation";
import { closedCombobox, comboboxKey, comboboxReducer, type ComboboxEvent, type ComboboxState } from "~/lib/combobox";
import { debounce } from "~/lib/debounce";
import { formatCount } from "~/lib/i18n";
import { suggestQuery } from "~/models/search/search-text";
import type { SuggestAnswer } from "~/web/search/suggest-answer";
import { useLocale } from "~/hooks/use-locale";
import { useShellData } from "~/hooks/route-data";

// The search bar's suggestions (docs/decisions/012-search-suggestions.md).
// The header renders a plain search form that works without JavaScript; this
// module arrives when its field is first used and turns the field into a
// WAI-ARIA combobox in place, so focus, caret and typed text stay where they
// are. Focus never leaves the field: the option the arrows reach is named by
// aria-activedescendant.

const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;
/** A pause in typing this long asks the server; steady typing still asks every MAX_WAIT_MS. */
const DEBOUNCE_MS = 200;
const MAX_WAIT_MS = 600;

type Found = { query: string; text: string; answer: SuggestAnswer };
type Option = { url: string; clearsField?: boolean; showMore?: boolean };

const tidy = (text: string) => text.trim().replace(/\s+/g, " ");
const after = (event: ComboboxEvent) => (state: ComboboxState) => comboboxReducer(state, event);

export default function SearchSuggestions({ input: inputRef }: { input: React.RefObject<HTMLInputElement> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  // Prices come formatted in this currency; asking in it also keeps cached answers apart.
  const currency = useShellData()?.shell.currency?.iso_code ?? "";
  const [text, setText] = useState(() => inputRef.current?.value ?? "");
  const [found, setFound] = useState<Found | null>(null);
  const [box, setBox] = useState<ComboboxState>(closedCombobox);
  const query = suggestQuery(text);
  const current = found && found.query === query ? found : null;
  // While the next answer is on its way the last one stays, so the list does not flicker.
  const shown = query === null ? null : found;
  const answer = shown?.answer;

  const options: Option[] = useMemo(() => {
    if (!answer || answer.total === 0) return [];
    return [
      ...answer.items.map((item) => ({ url: item.url, clearsField: true })),
      ...answer.categories.map((category) => ({ url: category.url })),
      { url: answer.searchUrl, showMore: true },
    ];
  }, [answer]);

  // Shown in place of the list when it has nothing to offer.
  let message: string | null = null;
  if (query === null) message = t("suggest.noOptions");
  else if (!shown) message = t("suggest.searching");
  else if (shown.answer.total === 0) message = t("suggest.noResults", { query: shown.text });
  const expanded = box.open && options.length > 0;
  // Said once an answer for the words in the field is in (the arrows name the options themselves).
  let announcement = "";
  if (box.open && query === null) announcement = t("suggest.noOptions");
  else if (box.open && current) {
    announcement = current.answer.total > 0 ? t("suggest.status", { count: formatCount(locale, current.answer.total) }) : t("suggest.noResults", { query: current.text });
  }

  // The key handlers are the field's own listeners; they read the latest render through this.
  const latest = useRef({ box, options });
  latest.current = { box, options };

  const asked = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const ask = useMemo(
    () =>
      debounce(
        () => {
          const input = inputRef.current;
          const typed = tidy(input?.value ?? "");
          const next = suggestQuery(typed);
          if (next === null || next === asked.current) return;
          asked.current = next;
          inFlight.current?.abort();
          const controller = new AbortController();
          inFlight.current = controller;
          fetch(`/api/search/suggest?${new URLSearchParams({ q: typed, locale, currency })}`, { signal: controller.signal })
            .then(async (response) => {
              if (!response.ok) throw new Error(`Suggestions failed: ${response.status}`);
              const answer = (await response.json()) as SuggestAnswer;
              if (!controller.signal.aborted) setFound({ query: next, text: typed, answer });
            })
            .catch(() => {
              // Aborted for a newer question, offline or failed: the next keystroke asks again.
              if (asked.current === next) asked.current = null;
            });
        },
        DEBOUNCE_MS,
        MAX_WAIT_MS,
      ),
    [inputRef, locale, currency],
  );

  function choose(index: number) {
    const option = latest.current.options[index];
    const input = inputRef.current;
    if (!option || !input) return;
    let url = option.url;
    if (option.showMore) {
      // The answer shown may be for fewer letters than the field now holds: search what it holds.
      const search = new URL(option.url, window.location.origin);
      search.searchParams.set("q", tidy(input.value));
      url = search.pathname + search.search;
      const words = tidy(input.value);
      track((b) => b.searchEvent("search_bar_show_more", words));
    }
    setBox(after({ type: "closed" }));
    if (option.clearsField) {
      input.value = "";
      setText("");
    }
    navigate(url);
  }
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  // The field becomes a combobox for as long as this module runs.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const attributes = { role: "combobox", "aria-autocomplete": "list", "aria-controls": LISTBOX_ID, "aria-expanded": "false", autocomplete: "off" };
    for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);

    const onInput = () => {
      setText(input.value);
      const next = suggestQuery(input.value);
      setBox(after({ type: "typed", empty: input.value.trim() === "", enough: next !== null }));
      if (next === null) {
        // A new word starts afresh instead of under the last one's suggestions.
        ask.cancel();
        inFlight.current?.abort();
        asked.current = null;
        setFound(null);
      } else ask();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.ctrlKey || event.metaKey) return;
      const { box: state, options: listed } = latest.current;
      const result = comboboxKey({ ...state, count: listed.length }, { key: event.key, altKey: event.altKey });
      if (result.handled) event.preventDefault();
      setBox(result.state);
      if (result.select !== undefined) chooseRef.current(result.select);
    };
    const onBlur = () => setBox(after({ type: "closed" }));
    const onSubmit = () => {
      setBox(after({ type: "closed" }));
      const words = tidy(input.value);
      track((b) => b.searchEvent("manual_search", words));
    };
    input.addEventListener("input", onInput);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    input.form?.addEventListener("submit", onSubmit);
    // Letters typed while this module loaded count as typing.
    if (document.activeElement === input && input.value !== input.defaultValue) onInput();
    else if (suggestQuery(input.value) !== null) ask();
    return () => {
      input.removeEventListener("input", onInput);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
      input.form?.removeEventListener("submit", onSubmit);
      for (const name of [...Object.keys(attributes), "aria-activedescendant"]) input.removeAttribute(name);
      ask.cancel();
      inFlight.current?.abort();
    };
  }, [inputRef, ask]);

  // A new list starts with focus back in the text.
  useEffect(() => setBox(after({ type: "listed", count: options.length })), [options]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("aria-expanded", String(expanded));
    if (expanded && box.active >= 0) {
      input.setAttribute("aria-activedescendant", optionId(box.active));
      document.getElementById(optionId(box.active))?.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }, [inputRef, expanded, box.active]);

  const optionProps = (index: number, className = "") => ({
    id: optionId(index),
    role: "option" as const,
    "aria-selected": box.active === index,
    // Focus stays in the field (the popup keeps mouse presses from taking it); a click picks the option.
    onClick: () => choose(index),
    className: `flex cursor-pointer items-center gap-3 px-4 py-2 ${box.active === index ? "bg-brand-soft text-brand-strong" : "hover:bg-surface-muted"} ${className}`,
  });
  const itemCount = answer?.items.length ?? 0;
  const categoryCount = answer?.categories.length ?? 0;

  return (
    <>
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {/* Presses on the popup's own text must not take focus from the field. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        onMouseDown={(event) => event.preventDefault()}
        hidden={!box.open}
        className="absolute -inset-x-4 top-full z-50 mt-2 max-h-[min(75vh,40rem)] overflow-y-auto border-y border-line bg-surface shadow-lg md:inset-x-0 md:rounded-lg md:border"
      >
        {message ? <p className="px-4 py-3 text-sm text-ink-muted">{message}</p> : null}
        <div role="listbox" id={LISTBOX_ID} aria-label={t("suggest.label")} hidden={!expanded} className="py-1">
          {itemCount > 0 ? (
            <ul role="group" aria-labelledby={`${LISTBOX_ID}-products`}>
              <li role="presentation" id={`${LISTBOX_ID}-products`} className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide uppercase text-ink-muted">
                {answer!.similar ? t("suggest.similarProducts") : t("suggest.products")}
              </li>
              {answer!.items.map((item, index) => (
                <li key={item.id} {...optionProps(index)}>
                  <img src={item.image} srcSet={item.imageSrcSet} alt="" width={48} height={48} className="size-12 shrink-0 rounded border border-line bg-white object-contain" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 text-sm font-medium">{item.name}</span>
                    {item.manufacturer ? <span className="block text-xs text-ink-muted">{item.manufacturer}</span> : null}
                  </span>
                  <span className="shrink-0 text-right text-sm">
                    <span className="block font-bold">{item.price}</span>
                    {item.oldPrice ? (
                      <s className="block text-xs text-ink-muted">
                        <span className="sr-only">{t("product.oldPrice", { price: "" })}</span>
                        {item.oldPrice}
                      </s>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {categoryCount > 0 ? (
            <ul role="group" aria-labelledby={`${LISTBOX_ID}-categories`} className="border-t border-line">
              <li role="presentation" id={`${LISTBOX_ID}-categories`} className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide uppercase text-ink-muted">
                {t("suggest.categories")}
              </li>
              {answer!.categories.map((category, index) => (
                <li key={category.id} {...optionProps(itemCount + index)}>
                  <span className="flex-1 text-sm font-medium">{category.name}</span>
                  <span className="text-sm text-ink-muted">({category.count})</span>
                </li>
              ))}
            </ul>
          ) : null}
          {options.length > 0 ? (
            <div {...optionProps(options.length - 1, "border-t border-line text-sm font-semibold text-brand-strong")}>
              {/* The count is only said once it is the count for the words in the field. */}
              {current ? t("suggest.showAll", { count: formatCount(locale, current.answer.total) }) : t("suggest.showAllPending")}
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
