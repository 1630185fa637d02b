import { createContext, useContext, useState } from "react";

// The shop's one stylesheet travels inside each page's <head> instead of as a
// file the browser must fetch before it can draw anything (decision 022).
// The server hands it over through this context, so the text never enters
// the browser's JavaScript; in the browser the <style> keeps what the server
// wrote.
const StylesheetContext = createContext<string | undefined>(undefined);
export const StylesheetProvider = StylesheetContext.Provider;

const ID = "shop-styles";

export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext);
  // Read once: a client render that replaces the page (after a failed
  // hydration) must write the same rules back, not an empty sheet.
  const [css] = useState(() => fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "")));
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
