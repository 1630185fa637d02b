import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { ChoiceFilter, RecordLink } from "~/components/admin/Filters";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, isLocale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { productChoices, staffProducts } from "~/models/product-editing/staff-products.server";
import { staffFor } from "~/web/admin/guard.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/products: every product of the shop, newest first, found by a word
// of its name, the start of its SKU, or its brand's or category's name, and
// narrowed by category, brand, on sale or not and in stock or not (a GET
// form, so it works without scripts), 50 to a page. Each opens the
// product's edit page.

export const meta = adminMeta("admin.products.title");

const idParam = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : undefined);
const yesNo = (text: string | null) => (text === "yes" ? true : text === "no" ? false : undefined);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "catalogue.edit");
  const params = new URL(request.url).searchParams;
  const locale = isLocale(staff.locale) ? staff.locale : "en";
  const page = Number(params.get("page"));
  const filter = {
    q: params.get("q")?.slice(0, 100) ?? undefined,
    categoryId: idParam(params.get("category")),
    manufacturerId: idParam(params.get("brand")),
    active: yesNo(params.get("active")),
    inStock: yesNo(params.get("stock")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const [result, choices] = await Promise.all([staffProducts(filter, locale), productChoices(locale)]);
  return { ...result, choices, filter, intlLocale: intlLocale(staff.locale) };
}

export default function Products() {
  const { products, page, hasMore, choices, filter, intlLocale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const any = { value: "", label: t("admin.products.any") };
  const choice = (value: boolean | undefined) => (value === undefined ? "" : value ? "yes" : "no");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.products.title")}</h1>
      <p className="text-ink-muted">{t("admin.products.intro")}</p>
      <Form method="get" className="grid gap-3 rounded-lg bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2 lg:col-span-3">
          {t("admin.products.search")}
          <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={100} className="field-input" aria-describedby="products-search-hint" />
          <span id="products-search-hint" className="font-normal text-ink-muted">
            {t("admin.products.searchHint")}
          </span>
        </label>
        <ChoiceFilter
          name="category"
          label={t("admin.products.category")}
          value={String(filter.categoryId ?? "")}
          choices={[any, ...choices.categories.map((category) => ({ value: String(category.id), label: `${"\u00a0\u00a0".repeat(category.depth)}${category.name}` }))]}
        />
        <ChoiceFilter name="brand" label={t("admin.products.brand")} value={String(filter.manufacturerId ?? "")} choices={[any, ...choices.brands.map((brand) => ({ value: String(brand.id), label: brand.name }))]} />
        <ChoiceFilter name="active" label={t("admin.products.onSale")} value={choice(filter.active)} choices={[any, { value: "yes", label: t("admin.products.activeOnly") }, { value: "no", label: t("admin.products.inactiveOnly") }]} />
        <ChoiceFilter name="stock" label={t("admin.products.stock")} value={choice(filter.inStock)} choices={[any, { value: "yes", label: t("admin.products.inStock") }, { value: "no", label: t("admin.products.outOfStock") }]} />
        <div className="flex items-end">
          <button type="submit" className="button-primary">
            {t("admin.products.apply")}
          </button>
        </div>
      </Form>
      <DataTable
        caption={t("admin.products.title")}
        rows={products}
        rowKey={(product) => product.id}
        empty={t("admin.products.empty")}
        columns={[
          { header: t("admin.products.picture"), cell: (product) => <img src={product.image} alt="" width={48} height={48} loading="lazy" className="size-12 rounded border border-line bg-surface object-contain" /> },
          {
            header: t("admin.products.name"),
            cell: (product) => (
              <RecordLink to={`/admin/products/${product.id}`}>{product.name ?? product.sku}</RecordLink>
            ),
          },
          { header: t("admin.products.sku"), cell: (product) => <span className="whitespace-nowrap">{product.sku}</span> },
          { header: t("admin.products.brand"), cell: (product) => product.brand ?? "—" },
          { header: t("admin.products.category"), cell: (product) => product.category ?? "—" },
          {
            header: t("admin.products.price"),
            cell: (product) => (
              <span className="whitespace-nowrap">
                {formatMoney(product.price_minor, "EUR", intlLocale)}
                {product.original_price_minor > product.price_minor ? <s className="ml-2 text-ink-muted">{formatMoney(product.original_price_minor, "EUR", intlLocale)}</s> : null}
              </span>
            ),
            numeric: true,
          },
          { header: t("admin.products.stock"), cell: (product) => product.stock, numeric: true },
          { header: t("admin.products.state"), cell: (product) => (product.is_active ? t("admin.products.active") : t("admin.products.inactive")) },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.products.title")} previous={t("admin.orders.previous")} next={t("admin.orders.next")} />
    </div>
  );
}
