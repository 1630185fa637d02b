import { describe, expect, it } from "vitest";
import { closedCombobox, comboboxKey, comboboxReducer, type ComboboxState } from "./combobox";

const open = (active: number, count = 4): ComboboxState => ({ open: true, active, count });
const press = (state: ComboboxState, key: string, altKey = false) => comboboxKey(state, { key, altKey });

describe("combobox keys", () => {
  it("Down opens the list on its first option, then walks it and wraps to the first", () => {
    expect(press({ ...closedCombobox, count: 4 }, "ArrowDown")).toEqual({ state: open(0), handled: true });
    expect(press(open(-1), "ArrowDown").state.active).toBe(0);
    expect(press(open(1), "ArrowDown").state.active).toBe(2);
    expect(press(open(3), "ArrowDown").state.active).toBe(0);
  });

  it("Up opens the list on its last option, then walks it backwards and wraps to the last", () => {
    expect(press({ ...closedCombobox, count: 4 }, "ArrowUp")).toEqual({ state: open(3), handled: true });
    expect(press(open(-1), "ArrowUp").state.active).toBe(3);
    expect(press(open(2), "ArrowUp").state.active).toBe(1);
    expect(press(open(0), "ArrowUp").state.active).toBe(3);
  });

  it("Alt+Down shows the list without moving into it, Alt+Up hides it", () => {
    expect(press({ ...closedCombobox, count: 4 }, "ArrowDown", true)).toEqual({ state: open(-1), handled: true });
    expect(press(open(2), "ArrowUp", true)).toEqual({ state: { open: false, active: -1, count: 4 }, handled: true });
    expect(press({ ...closedCombobox, count: 4 }, "ArrowUp", true).handled).toBe(false);
  });

  it("arrows on an empty list open it (to say why it is empty) and select nothing", () => {
    expect(press(closedCombobox, "ArrowDown")).toEqual({ state: { open: true, active: -1, count: 0 }, handled: true });
    expect(press(closedCombobox, "ArrowUp")).toEqual({ state: { open: true, active: -1, count: 0 }, handled: true });
  });

  it("Home and End jump to the list's ends from an option, and move the caret otherwise", () => {
    expect(press(open(2), "Home")).toEqual({ state: open(0), handled: true });
    expect(press(open(1), "End")).toEqual({ state: open(3), handled: true });
    expect(press(open(-1), "Home")).toEqual({ state: open(-1), handled: false });
    expect(press({ ...closedCombobox, count: 4 }, "End").handled).toBe(false);
  });

  it("Enter selects the active option, or leaves the form to submit", () => {
    expect(press(open(2), "Enter")).toEqual({ state: { open: false, active: -1, count: 4 }, handled: true, select: 2 });
    const plain = press(open(-1), "Enter");
    expect(plain.handled).toBe(false);
    expect(plain.select).toBeUndefined();
    expect(press({ ...closedCombobox, count: 4 }, "Enter").handled).toBe(false);
  });

  it("Escape closes an open list and keeps the text; on a closed one it is the browser's", () => {
    expect(press(open(1), "Escape")).toEqual({ state: { open: false, active: -1, count: 4 }, handled: true });
    expect(press({ ...closedCombobox, count: 4 }, "Escape").handled).toBe(false);
  });

  it("Left, Right and Tab hand focus back to the text without taking the key", () => {
    expect(press(open(2), "ArrowLeft")).toEqual({ state: open(-1), handled: false });
    expect(press(open(2), "ArrowRight")).toEqual({ state: open(-1), handled: false });
    expect(press(open(2), "Tab")).toEqual({ state: { open: false, active: -1, count: 4 }, handled: false });
    expect(press(open(2), "a")).toEqual({ state: open(2), handled: false });
  });
});

describe("combobox events", () => {
  it("typing opens the list once the text is long enough and keeps an open one open until the text is gone", () => {
    expect(comboboxReducer(closedCombobox, { type: "typed", empty: false, enough: false }).open).toBe(false);
    expect(comboboxReducer(closedCombobox, { type: "typed", empty: false, enough: true }).open).toBe(true);
    expect(comboboxReducer(open(2), { type: "typed", empty: false, enough: false })).toEqual(open(-1));
    expect(comboboxReducer(open(2), { type: "typed", empty: true, enough: false }).open).toBe(false);
  });

  it("new options reset the active option; closing closes", () => {
    expect(comboboxReducer(open(3), { type: "listed", count: 2 })).toEqual(open(-1, 2));
    expect(comboboxReducer(open(1), { type: "closed" })).toEqual({ open: false, active: -1, count: 4 });
  });
});
