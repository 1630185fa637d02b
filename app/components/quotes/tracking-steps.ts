// Spec 3's stored quote tracking steps: where a customer got to in paying a
// quote (set delivery, set payment, click pay, payment success), kept in the
// browser per quote so the data layer reports each step once, even across
// visits. Spec 9's quote payment events go with them (app/models/marketing/data-layer.ts).

export const QUOTE_STEPS_KEY = "quote_tracking_steps";
export type QuoteStep = "set_delivery" | "set_payment" | "click_pay" | "payment_success";
type Steps = Record<string, Partial<Record<QuoteStep, string>>>;

function readSteps(): Steps {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUOTE_STEPS_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Steps) : {};
  } catch {
    return {};
  }
}

/** The steps stored for a quote, by name with the time each was taken. */
export function quoteSteps(slug: string) {
  return readSteps()[slug] ?? {};
}

/** Stores a step of a quote; false when it was stored already (or storage is refused: then it counts as new). */
export function recordQuoteStep(slug: string, step: QuoteStep): boolean {
  try {
    const steps = readSteps();
    if (steps[slug]?.[step]) return false;
    steps[slug] = { ...steps[slug], [step]: new Date().toISOString() };
    localStorage.setItem(QUOTE_STEPS_KEY, JSON.stringify(steps));
  } catch {
    // Storage refused (private mode): the step may count twice, never not at all.
  }
  return true;
}
