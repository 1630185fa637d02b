import { pino } from "pino";
import { env } from "./env.server";

// Structured JSON logs, one line per event, for whatever collects stdout.
export const logger = pino({
  level: env().LOG_LEVEL,
  base: { service: "storefront" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
