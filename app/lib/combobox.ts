// The state of a text field with a list of suggestions under it (the WAI-ARIA
// 1.2 combobox with a listbox popup). Focus stays in the text field; `active`
// is the option shown as focused (aria-activedescendant), -1 for none.
// Pure, so every key's effect is tested without a browser.

export type ComboboxState = {
  open: boolean;
  /** The option with visual focus; -1 while the text field has it. */
  active: number;
  /** How many options the list holds. */
  count: number;
};

export const closedCombobox: ComboboxState = { open: false, active: -1, count: 0 };

export type ComboboxEvent =
  /** The shopper changed the text. `enough`: long enough to ask for suggestions. */
  | { type: "typed"; empty: boolean; enough: boolean }
  /** A new list of options arrived. */
  | { type: "listed"; count: number }
  | { type: "closed" };

export function comboboxReducer(state: ComboboxState, event: ComboboxEvent): ComboboxState {
  switch (event.type) {
    case "typed":
      // Typing opens the list once the text is long enough; a list already
      // open stays open while the text shrinks (it says why it is empty),
      // and closes when the text is gone.
      return { ...state, open: !event.empty && (event.enough || state.open), active: -1 };
    case "listed":
      return { ...state, count: event.count, active: -1 };
    case "closed":
      return { ...state, open: false, active: -1 };
  }
}

export type ComboboxKey = { key: string; altKey?: boolean };

/**
 * What a key does. `handled` keys are the list's: the caller prevents the
 * browser's default (Enter would submit the form, arrows move the caret).
 * `select` asks the caller to act on the active option.
 */
export function comboboxKey(state: ComboboxState, { key, altKey = false }: ComboboxKey): {
  state: ComboboxState;
  handled: boolean;
  select?: number;
} {
  const { open, active, count } = state;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      // Alt+Down only shows the list; Down also moves into it, wrapping from the last option to the first.
      if (altKey || count === 0) return { state: { ...state, open: true, active: open ? active : -1 }, handled: true };
      if (!open) return { state: { ...state, open: true, active: 0 }, handled: true };
      return { state: { ...state, active: active >= last ? 0 : active + 1 }, handled: true };
    case "ArrowUp":
      if (altKey) return { state: { ...state, open: false, active: -1 }, handled: open };
      if (count === 0) return { state: { ...state, open: true, active: -1 }, handled: true };
      if (!open) return { state: { ...state, open: true, active: last }, handled: true };
      return { state: { ...state, active: active <= 0 ? last : active - 1 }, handled: true };
    case "Home":
    case "End":
      // In the list they jump to its ends; in the text they move the caret.
      if (!open || active < 0 || count === 0) return { state, handled: false };
      return { state: { ...state, active: key === "Home" ? 0 : last }, handled: true };
    case "Enter":
      // Without an active option Enter submits the search form as it always has.
      if (open && active >= 0 && active < count) return { state: { ...state, open: false, active: -1 }, handled: true, select: active };
      return { state: { ...state, open: false, active: -1 }, handled: false };
    case "Escape":
      // An open list closes and the text stays; a closed one lets the browser clear the field.
      if (open) return { state: { ...state, open: false, active: -1 }, handled: true };
      return { state, handled: false };
    case "ArrowLeft":
    case "ArrowRight":
      // Back to editing the text, caret and all.
      return { state: { ...state, active: -1 }, handled: false };
    case "Tab":
      return { state: { ...state, open: false, active: -1 }, handled: false };
    default:
      return { state, handled: false };
  }
}
