import { deferred } from "../Deferred";
import { UNPAID_ALERT_ATTRIBUTE } from "./unpaid-alert-attribute";

// The unpaid-orders alert shows without JavaScript; its code stays out of
// every page's first scripts (components/Deferred.tsx says how).
export const DeferredUnpaidOrdersAlert = deferred(() => import("./UnpaidOrdersAlert").then((module) => module.UnpaidOrdersAlert), UNPAID_ALERT_ATTRIBUTE);
