// What a 404 answer of the shop carries (spec 8), readable in the browser:
// this module imports nothing of the server's, so the error screen can ask
// it without pulling @remix-run/node into the browser (the dev server loads
// modules one by one and does not shake unused imports away).
export type NotFoundData = { notFound: true; fatal: boolean; path: string };

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && (value as NotFoundData).notFound === true;
}
