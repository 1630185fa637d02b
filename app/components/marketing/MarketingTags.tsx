import type { Tag } from "~/models/marketing/tags";

/**
 * The third-party tags the visitor allowed (models/marketing/tags.ts), each
 * with the page's CSP nonce. Only the server's HTML runs them: React never
 * runs a script it adds itself, so a new consent takes a new document.
 */
export function MarketingTags({ tags, nonce }: { tags: readonly Tag[]; nonce: string }) {
  return (
    <>
      {tags.map((tag) =>
        tag.src ? (
          <script key={tag.id} nonce={nonce} data-tag={tag.id} src={tag.src} async={tag.category !== "chat"} defer={tag.category === "chat"} />
        ) : (
          <script key={tag.id} nonce={nonce} data-tag={tag.id} dangerouslySetInnerHTML={{ __html: tag.code ?? "" }} />
        ),
      )}
    </>
  );
}
