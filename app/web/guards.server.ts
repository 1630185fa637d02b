import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { type SessionUser } from "~/models/accounts/sessions.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { isSeller } from "~/models/pro/roles";
import { siteForRequest } from "~/web/sites.server";
import { apiError } from "./api.server";
import { localeParam } from "./locale-param";
import { localePath } from "~/lib/i18n";
import { logger } from "~/platform/logger.server";
import { notFound } from "./not-found";
import { reportServerError } from "~/platform/sentry.server";

// The route guards of spec 2 and 6. A route names its guards once, at the
// top of its module: `const guard = defineGuards("auth")`. The names are
// checked when the module loads, so a misspelt guard stops the server at
// start-up instead of failing a shopper's request. A guard lets the request
// through, redirects, or answers 404 ("a guard returning false shows Page Not
// Found").

type GuardArgs = { request: Request; params: Params };
type GuardContext = GuardArgs & { user: SessionUser | null };
type Guard = (context: GuardContext) => void | Promise<void>;

/** Where a signed-in shopper lands: the account area. */
const ACCOUNT_HOME = "/my-orders";

function here(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

const GUARDS = {
  /** Sign-in, sign-up and password reset are for guests; a signed-in shopper goes to the account. */
  guest: ({ user, params }) => {
    if (user) throw redirect(localePath(localeParam(params), ACCOUNT_HOME));
  },
  /** Account pages: a guest is asked to sign in and comes back afterwards. */
  auth: ({ user, params, request }) => {
    if (!user) throw redirect(`${localePath(localeParam(params), "/login")}?${new URLSearchParams({ redirectTo: here(request) })}`);
  },
  /**
   * The pro area (/pro and the seller's pages), on a site with the
   * marketplace: the offer is for everyone there, guests included, since
   * customers apply from it (decision 030). The seller's own pages add "seller".
   */
  pro: async ({ request }) => {
    if (!(await siteForRequest(request)).features.marketplace) throw notFound(request);
  },
  /** A pro seller's pages (/site-pro, editing and paying listings): anyone but a pro user or an admin finds no such page. */
  seller: ({ user, request }) => {
    if (!isSeller(user?.role)) throw notFound(request);
  },
  /**
   * The account menu that the mobile layout opens from the header. The
   * server cannot know the screen's width, so it serves every width; the
   * desktop header links the same pages directly.
   */
  "account-mobile": () => {},
  /** The marketplace's pages, on a site that offers it (sites.settings.marketplace). */
  marketplace: async ({ request }) => {
    if (!(await siteForRequest(request)).features.marketplace) throw notFound(request);
  },
  dealzone: async ({ request }) => {
    if (!(await siteForRequest(request)).features.dealzone) throw notFound(request);
  },
  search: async ({ request }) => {
    if (!(await siteForRequest(request)).features.search) throw notFound(request);
  },
  "about-us": async ({ request }) => {
    if (!(await siteForRequest(request)).features.about_us) throw notFound(request);
  },
  "purchase-agreement": async ({ request }) => {
    if (!(await siteForRequest(request)).features.purchase_agreement) throw notFound(request);
  },
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof GUARDS;
type GuardedUser<N extends GuardName> = "auth" extends N ? SessionUser : SessionUser | null;

/** A guard's own answer: a thrown redirect is a Response, a thrown 404 is Remix's data() with its status. */
function isGuardAnswer(error: unknown) {
  return typeof error === "object" && error !== null && (error as { type?: string }).type === "DataWithResponseInit";
}

/** The guards a route runs, in order; resolves to the signed-in user (never null behind "auth"). */
export function defineGuards<N extends GuardName>(...names: N[]) {
  for (const name of names) {
    if (!Object.hasOwn(GUARDS, name)) throw new Error(`Unknown route guard "${String(name)}"`);
  }
  return async (args: GuardArgs): Promise<GuardedUser<N>> => {
    const user = await getSessionUser(args.request);
    for (const name of names) {
      try {
        await (GUARDS[name] as Guard)({ ...args, user });
      } catch (error) {
        if (error instanceof Response || isGuardAnswer(error)) throw error;
        // Spec 8: a guard that fails, like one that says no, shows Page Not Found.
        logger.error({ err: error, guard: name }, "Route guard failed");
        reportServerError(error);
        throw notFound(args.request);
      }
    }
    return user as GuardedUser<N>;
  };
}

/** The JSON API's sign-in check: the user, or a JSON 401 thrown for a guest. */
export async function requireApiUser(request: Request, t: (key: string) => string) {
  const user = await getSessionUser(request);
  if (!user) throw apiError(401, t("api.unauthorized"));
  return user;
}

/** What the API and the pages show of the signed-in user (spec 3's User). */
export function publicUser(user: SessionUser | null) {
  return user
    ? { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, unpaid_orders_count: user.unpaid_orders_count }
    : null;
}
