import { Suspense, lazy } from "react";
import type { Locale } from "~/lib/i18n";
import type { ConsentCategory } from "~/models/marketing/consent";
import type { Tag } from "~/models/marketing/tags";
import type { ConsentBanner as ConsentBannerType } from "./ConsentBanner";
import type { MarketingTags as MarketingTagsType } from "./MarketingTags";

// The banner and the tags load only for the visitors who get them: the
// banner until one answers, the tags once one allows some. Both must be in
// the first HTML (the banner works without JavaScript; the tags run from
// it), and a lazy component would suspend on the server's first render and
// stream in behind a script, so the server imports them up front, as the
// unpaid-orders alert does (AppShell).
const LazyConsentBanner = lazy(() => import("./ConsentBanner").then((m) => ({ default: m.ConsentBanner })));
const LazyMarketingTags = lazy(() => import("./MarketingTags").then((m) => ({ default: m.MarketingTags })));

let ServerConsentBanner: typeof ConsentBannerType | undefined;
let ServerMarketingTags: typeof MarketingTagsType | undefined;
if (import.meta.env.SSR) {
  void import("./ConsentBanner").then((m) => (ServerConsentBanner = m.ConsentBanner));
  void import("./MarketingTags").then((m) => (ServerMarketingTags = m.MarketingTags));
}

export function ConsentBannerSlot(props: { locale: Locale; offered: readonly ConsentCategory[] }) {
  const Banner = ServerConsentBanner ?? LazyConsentBanner;
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}

export function MarketingTagsSlot(props: { tags: readonly Tag[]; nonce: string }) {
  const Tags = ServerMarketingTags ?? LazyMarketingTags;
  return (
    <Suspense fallback={null}>
      <Tags {...props} />
    </Suspense>
  );
}
