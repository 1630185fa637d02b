import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import * as v from "valibot";
import { isApiSuccess, type ApiFailure } from "~/lib/api";
import { knownFailure } from "./known-failures";
import { i18nServer } from "~/platform/i18n.server";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** A successful answer; its body must pass the success rule. */
export function apiOk(data: object, init: ResponseInit = {}) {
  if (!isApiSuccess(data)) throw new Error("A successful API answer may not carry errors, message or status: false");
  return new Response(JSON.stringify(data), { ...init, headers: { ...JSON_HEADERS, ...init.headers } });
}

/** A failed answer: one stable shape with a translated message. */
export function apiError(httpStatus: number, message: string, errors?: Record<string, string[]>, init: ResponseInit = {}) {
  const body: ApiFailure = errors ? { status: false, message, errors } : { status: false, message };
  return new Response(JSON.stringify(body), {
    ...init,
    status: httpStatus,
    headers: { ...JSON_HEADERS, ...init.headers },
  });
}

type ApiArgs = (LoaderFunctionArgs | ActionFunctionArgs) & { t: TFunction };

/**
 * Wraps a resource route's loader or action: thrown Responses pass through,
 * anything else becomes a 500 JSON failure without a stack trace.
 */
export function apiHandler(handler: (args: ApiArgs) => Promise<Response>) {
  return async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
    const t = await i18nServer.getFixedT(args.request);
    try {
      return await handler({ ...args, t });
    } catch (error) {
      if (error instanceof Response) return error;
      // A value the call's checks let through but no amount or column can hold
      // (400), or the database restarting (503, to be tried again).
      const known = knownFailure(error);
      if (known) {
        if (known.status === 503) logger.warn({ err: error, url: args.request.url }, "The database is away: asked the caller to try again");
        return apiError(known.status, t(known.messageKey), undefined, known.status === 503 ? { headers: { "retry-after": String(known.retryAfter) } } : {});
      }
      logger.error({ err: error, url: args.request.url }, "API call failed");
      reportServerError(error);
      return apiError(500, t("api.unexpected"));
    }
  };
}

/**
 * Reads a JSON body and checks it against a schema. Bad JSON or bad fields
 * throw a 400 answer with translated messages; nothing has been changed yet.
 */
export async function readJsonBody<S extends v.GenericSchema>(request: Request, schema: S, t: TFunction) {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, t("api.badJson"));
  }
  return checkInput(body, schema, t);
}

/**
 * Reads a GET call's query string (each name once; a repeated name keeps its
 * last value) and checks it against a schema, with the same 400 answer.
 */
export function readSearchParams<S extends v.GenericSchema>(request: Request, schema: S, t: TFunction) {
  return checkInput(Object.fromEntries(new URL(request.url).searchParams), schema, t);
}

function checkInput<S extends v.GenericSchema>(input: unknown, schema: S, t: TFunction) {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.issues) {
      const key = v.getDotPath(issue) ?? "body";
      // A length or size check names its limit: "Use at least {{min}} characters", in the form its count asks for.
      const limit = typeof issue.requirement === "number" ? issue.requirement : undefined;
      (errors[key] ??= []).push(limit === undefined ? t(issue.message) : t(issue.message, { min: limit, max: limit, count: limit }));
    }
    throw apiError(400, t("api.badInput"), errors);
  }
  return result.output as v.InferOutput<S>;
}

/** For the method a call does not accept: a JSON 405 instead of Remix's page. */
export const methodNotAllowed = apiHandler(async ({ request, t }) =>
  apiError(405, t("api.methodNotAllowed", { method: request.method }), undefined, {
    headers: { allow: request.method === "GET" ? "POST" : "GET" },
  }),
);
