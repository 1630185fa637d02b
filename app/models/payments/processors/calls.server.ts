import { ProcessorUnavailable } from "~/models/payments/provider";

// How the processors' adapters talk to their APIs: whatever goes wrong on
// the way, a refused call, a timeout or an answer that is not JSON, is
// ProcessorUnavailable, which the payment's caller shows as "try again".

/** How long a processor's API may take to answer. */
export const PROCESSOR_TIMEOUT_MS = 30_000;

/** The failure of one call to a processor: "Stripe failed creating a refund: …"; `detail` follows `what`, such as a status. */
export function processorFailed(processor: string, what: string, error: unknown, detail = "") {
  return new ProcessorUnavailable(`${processor} failed ${what}${detail}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** Runs one call of a processor's SDK; `detail` reads what its error says beyond the message. */
export async function callProcessor<T>(processor: string, what: string, run: () => Promise<T>, detail?: (error: unknown) => string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw processorFailed(processor, what, error, detail?.(error));
  }
}

/** Sends one request to a processor's API and reads its JSON answer; `what` names the request ("POST /orders"). */
export async function askProcessor<T>(processor: string, what: string, url: string, init: RequestInit): Promise<T> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROCESSOR_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok) throw new ProcessorUnavailable(`${processor} answered ${response.status} to ${what}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  } catch (error) {
    if (error instanceof ProcessorUnavailable) throw error;
    throw new ProcessorUnavailable(`${processor} could not be asked ${what}`, { cause: error });
  }
}
