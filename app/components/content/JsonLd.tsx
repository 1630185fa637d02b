import { jsonLdText } from "~/models/content/json-ld";
import { useNonce } from "~/web/nonce";

/** schema.org data in the page, with the request's CSP nonce like every script the server renders. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
