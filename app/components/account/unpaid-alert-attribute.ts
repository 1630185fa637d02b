/** Marks the unpaid-orders alert's HTML, so that the browser knows to load its code before hydrating (DeferredUnpaidOrdersAlert.tsx). */
export const UNPAID_ALERT_ATTRIBUTE = "data-unpaid-orders-alert";
