import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { useLocale } from "~/hooks/use-locale";
import { useShellData } from "~/hooks/route-data";

export type ProductLayout = "GRID" | "LIST";

/** The remembered GRID or LIST choice, shown at once while it is being saved. */
export function useProductLayout(): ProductLayout {
  const saved = useShellData()?.shell.productLayout ?? "GRID";
  const fetcher = useFetcher({ key: "product-layout" });
  const pending = fetcher.formData?.get("product_layout");
  return pending === "GRID" || pending === "LIST" ? pending : saved;
}

/** Two submit buttons of one form: works without JavaScript, instant with it. */
export function ProductLayoutToggle() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher({ key: "product-layout" });
  const layout = useProductLayout();
  const options: [ProductLayout, string, string][] = [
    ["GRID", t("shell.layoutGrid"), "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z"],
    ["LIST", t("shell.layoutList"), "M4 5h16M4 12h16M4 19h16"],
  ];
  return (
    // Its looks are the `layout-toggle` rules in tailwind.css: the buttons, the pressed one and the icons by their places.
    <fetcher.Form method="post" action={`/${locale}/preferences`} className="layout-toggle">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      {options.map(([value, label, path]) => (
        <button
          key={value}
          type="submit"
          name="product_layout"
          value={value}
          aria-pressed={layout === value}
          title={label}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24">
            <path d={path} />
          </svg>
          <span className="sr-only">{label}</span>
        </button>
      ))}
    </fetcher.Form>
  );
}
