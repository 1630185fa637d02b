import { bodyBlocks } from "~/models/content/body";

/** A stored text as headings and paragraphs (models/content/body.ts); never as HTML. */
export function BodyText({ body, headingLevel = 2 }: { body: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {bodyBlocks(body).map((block, index) =>
        block.kind === "heading" ? (
          <Heading key={index} className="mt-8 text-xl font-bold">
            {block.text}
          </Heading>
        ) : (
          <p key={index} className="mt-4 leading-relaxed whitespace-pre-line">
            {block.text}
          </p>
        ),
      )}
    </>
  );
}
