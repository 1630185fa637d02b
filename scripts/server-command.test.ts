import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_COMMAND } from "./server-command";

describe("the app server's command", () => {
  it("is what `npm start` runs in production", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`NODE_ENV=production ${SERVER_COMMAND.join(" ")}`);
  });
});
