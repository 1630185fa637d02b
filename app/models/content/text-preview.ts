import { sanitiseBody, sanitiseLine, summary } from "./body";

// "Preview" on a text's edit page draws the text on the server as the shop
// will, through the same sanitiser, so it works without JavaScript and
// shows exactly what a save would publish.

/** The text as the shop shows it, and its title and description as a search engine lists them. */
export type TextPreview = { title: string; body: string; seoTitle: string; seoDescription: string };

/**
 * A text's preview: an empty SEO title is the title, an empty description
 * is `lead` of the sanitised body (the start of it unless a kind says
 * otherwise, as a blog post's lead does), as the shop's pages fall back.
 */
export function textPreview(text: { title: string; body: string; seoTitle?: string; seoDescription?: string }, lead: (body: string) => string = (body) => summary(body)): TextPreview {
  const title = sanitiseLine(text.title);
  const body = sanitiseBody(text.body);
  return { title, body, seoTitle: sanitiseLine(text.seoTitle ?? "") || title, seoDescription: sanitiseLine(text.seoDescription ?? "") || lead(body) };
}
