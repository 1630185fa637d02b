import { describe, expect, it } from "vitest";
import {
  ERROR_SAMPLE_RATE,
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  TRACES_SAMPLE_RATE,
  classifyEvent,
  isDeployError,
} from "./error-reporting";

describe("error reporting", () => {
  it("samples as spec 8 says", () => {
    expect([ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE, REPLAYS_SESSION_SAMPLE_RATE, REPLAYS_ON_ERROR_SAMPLE_RATE]).toEqual([0.5, 0.2, 0.1, 1]);
  });

  it("recognises a failed load after a deploy", () => {
    expect(isDeployError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isDeployError(new Error("Importing a module script failed."))).toBe(true);
    expect(isDeployError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isDeployError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDeployError(undefined)).toBe(false);
  });

  it("groups every 504 Gateway Timeout into one warning", () => {
    const event = classifyEvent({ exception: { values: [{ value: "Request failed: 504 Gateway Timeout" }] } });
    expect(event).toMatchObject({ fingerprint: ["gateway-timeout"], level: "warning" });
    expect(classifyEvent<{ message: string; fingerprint?: string[] }>({ message: "500 Internal Server Error" }).fingerprint).toBeUndefined();
  });
});
