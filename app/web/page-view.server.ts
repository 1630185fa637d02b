import type { PageView } from "~/models/pro/views";

/** What a page request says of itself, for counting views (models/pro/views.ts). */
export function pageViewOf(request: Request): PageView {
  const purpose = `${request.headers.get("purpose") ?? ""} ${request.headers.get("sec-purpose") ?? ""}`;
  return { method: request.method, purpose, userAgent: request.headers.get("user-agent") };
}
