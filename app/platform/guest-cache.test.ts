import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SAME_FOR_EVERY_GUEST } from "./guest-cache.server";

describe("the pages a shared cache may keep", () => {
  it("each names a route module that exists, so a renamed route cannot silently stop being shared", () => {
    for (const id of SAME_FOR_EVERY_GUEST) expect(existsSync(`app/${id}.tsx`), id).toBe(true);
  });
});
