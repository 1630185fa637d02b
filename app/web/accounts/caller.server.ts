import { signIn, type Caller } from "~/models/accounts/auth.server";
import { sessionIdOf, sessionSetCookie } from "~/web/accounts/sessions.server";
import { cartTokenOf } from "~/web/cart/cart-cookie.server";

/** What the account use cases need to know of who is asking, read from the request. */
export async function callerOf(request: Request, context: { clientIp?: string }): Promise<Caller> {
  const [sessionId, cartToken] = await Promise.all([sessionIdOf(request), cartTokenOf(request)]);
  return { clientIp: context.clientIp, sessionId, cartToken, userAgent: request.headers.get("user-agent") ?? undefined };
}

/** Signs the request's device in as a user (an account made at checkout); the Set-Cookie header. */
export async function signInAs(request: Request, context: { clientIp?: string }, userId: number) {
  return sessionSetCookie(await signIn(await callerOf(request, context), userId));
}
