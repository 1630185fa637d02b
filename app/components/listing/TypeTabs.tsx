import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";

/** Spec 2: the `type` query parameter shows products (p) or offers (o). */
export function TypeTabs({ current }: { current: "p" | "o" | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = (type: "p" | "o" | null) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.delete("after");
    if (type) params.set("type", type);
    else params.delete("type");
    return params.toString() ? `${location.pathname}?${params}` : location.pathname;
  };
  const tabs: [("p" | "o" | null), string][] = [
    [null, t("listing.typeAll")],
    ["p", t("listing.typeProducts")],
    ["o", t("listing.typeOffers")],
  ];
  return (
    <ul className="mt-3 flex gap-2 text-sm">
      {tabs.map(([type, label]) => (
        <li key={label}>
          <a
            href={href(type)}
            aria-current={current === type ? "page" : undefined}
            className={`inline-block rounded-full border px-3 py-1 ${current === type ? "border-brand bg-brand text-on-brand" : "border-line-strong hover:border-brand"}`}
          >
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
