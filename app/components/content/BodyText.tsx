import { bodyBlocks, inlineParts } from "~/models/content/body";

/** A stored text as headings, paragraphs and lists, with its links and strong words (models/content/body.ts); never as HTML. */
export function BodyText({ body, headingLevel = 2 }: { body: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {bodyBlocks(body).map((block, index) =>
        block.kind === "heading" ? (
          <Heading key={index} className="mt-8 text-xl font-bold">
            {block.text}
          </Heading>
        ) : block.kind === "list" ? (
          <ul key={index} className="mt-4 list-disc space-y-1 pl-6 leading-relaxed">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index} className="mt-4 leading-relaxed whitespace-pre-line">
            <Inline text={block.text} />
          </p>
        ),
      )}
    </>
  );
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, index) =>
        part.kind === "link" ? (
          // An address of the web opens as any link would; a shop's own path stays in the tab.
          <a key={index} href={part.href} className="link" {...(part.href.startsWith("/") ? {} : { rel: "noopener noreferrer nofollow" })}>
            {part.text}
          </a>
        ) : part.kind === "strong" ? (
          <strong key={index}>{part.text}</strong>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
