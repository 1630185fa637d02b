import { afterEach, describe, expect, it, vi } from "vitest";
import * as catalogue from "~/models/catalogue/catalogue.server";
import * as flags from "~/models/catalogue/flags.server";
import * as sessions from "~/web/accounts/sessions.server";
import { logger } from "~/platform/logger.server";
import { loader as rootLoader } from "~/root";
import { loader as localeLayout } from "~/routes/layout";
import { action as flagsCall } from "~/routes/api/search/flags";

// Spec 8: some failures must not cost the shopper the page. The model is
// made to fail and the loader's answer is checked.

afterEach(() => {
  vi.restoreAllMocks();
});

const down = () => Promise.reject(new Error("database unavailable"));

describe("quiet failures (spec 8)", () => {
  it("a failed category load leaves the shell without category links, not an error screen", async () => {
    vi.spyOn(catalogue, "listTopCategories").mockImplementation(down);
    const answer = await localeLayout({ request: new Request("http://localhost/en"), params: { locale: "en" }, context: {} });
    expect(answer.data.shell.categories).toEqual([]);
    expect(answer.data.shell.site.name).toBe("Shipwise");
  });

  it("a failed flag list answers an empty list, not a 500", async () => {
    vi.spyOn(flags, "listFlags").mockImplementation(down);
    const request = new Request("http://localhost/api/search/flags", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ locale: "en", langId: 1 }),
    });
    const response = (await flagsCall({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("a failed current-user read is reported and the visitor is treated as a guest", async () => {
    vi.spyOn(sessions, "getSessionUser").mockImplementation(down);
    const reported = vi.spyOn(logger, "error");
    const answer = await rootLoader({ request: new Request("http://localhost/en", { headers: { cookie: "__session=x" } }), params: { locale: "en" }, context: {} });
    expect(answer.user).toBeNull();
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: "database unavailable" }) }), expect.any(String));
  });
});
