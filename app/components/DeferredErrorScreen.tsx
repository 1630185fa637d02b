import { deferred } from "./Deferred";
import { ERROR_SCREEN_ATTRIBUTE } from "./error-screen-attribute";

// The error screen is drawn on few pages: its code stays out of every
// page's first scripts and loads on a page that shows it (Deferred.tsx).

export const DeferredErrorScreen = deferred(() => import("./ErrorScreen").then((module) => module.ErrorScreen), ERROR_SCREEN_ATTRIBUTE);
