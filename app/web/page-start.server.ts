import type { Params } from "@remix-run/react";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "./locale-param";

type PageArgs = { request: Request; params: Params };

/**
 * What a page's loader or action does first: run its guards (as
 * `defineGuards` made them), then read the page's locale and its texts.
 * Resolves to the user the guards let through, the locale and `t`.
 */
export async function openPage<User>(guard: (args: PageArgs) => Promise<User>, { request, params }: PageArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  return { user, locale, t: await i18nServer.getFixedT(locale) };
}
