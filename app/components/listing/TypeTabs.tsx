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
  // Round chips, as a category's subcategories: the `chips` rules in tailwind.css, the current one by aria-current.
  return (
    <div className="chips">
      <ul>
        {tabs.map(([type, label]) => (
          <li key={label}>
            <a href={href(type)} aria-current={current === type ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
