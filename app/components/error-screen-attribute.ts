/** Marks the error screen's HTML, so that the browser loads its code before hydrating (DeferredErrorScreen.tsx). */
export const ERROR_SCREEN_ATTRIBUTE = "data-error-screen";
