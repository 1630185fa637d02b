import { listStores, quoteCurrency } from "~/models/quotes/quotes.server";
import { siteForRequest } from "~/web/sites.server";

/** What the quote request's editor needs on both its pages (/order-form and its summary): the site's known stores and the quote's currency. */
export async function quoteEditorData(request: Request) {
  const site = await siteForRequest(request);
  return { stores: await listStores(site.id), currency: quoteCurrency(site).iso_code };
}
