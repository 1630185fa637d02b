import { intlLocale, type Locale } from "~/lib/i18n";

/** Posts on one page of /blog: two rows of two. */
export const BLOG_PAGE_SIZE = 4;

export type BlogPage = { page: number; pages: number } | { redirectTo: number };

/**
 * The page ?page= asks for. A page past the last sends the reader to the
 * last (a post was deleted, an old link): a redirect rather than a 404,
 * since the blog is there. Anything but a whole number from 1 sends them to
 * the first. Page 1 is /blog itself.
 */
export function blogPage(param: string | null, total: number, pageSize = BLOG_PAGE_SIZE): BlogPage {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (param === null) return { page: 1, pages };
  if (!/^[1-9]\d{0,5}$/.test(param) || param === "1") return { redirectTo: 1 };
  const page = Number(param);
  return page > pages ? { redirectTo: pages } : { page, pages };
}

/** /blog for the first page, /blog?page=n for the others. */
export function blogPageHref(page: number) {
  return page <= 1 ? "/blog" : `/blog?page=${page}`;
}

/**
 * A post's date as the page's language writes it ("2026 m. spalio 20 d.",
 * "20. oktoober 2026"), made on the server so the browser shows the same
 * words it was sent. Dates are stored in UTC and shown as UTC days.
 */
export function longDate(value: Date | string, locale: Locale) {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(value));
}
