import { bodyBlocks } from "~/models/content/body";

/** A stored text as headings, paragraphs and lists (models/content/body.ts); never as HTML. */
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
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index} className="mt-4 leading-relaxed whitespace-pre-line">
            {block.text}
          </p>
        ),
      )}
    </>
  );
}
