/** A list's page from its address (?page=3): a whole number from 1, else the first. */
export function pageOf(params: URLSearchParams) {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
