import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useState } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { openModalAtom } from "~/state/ui";
import { useTranslation } from "~/hooks/use-translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { Breadcrumbs, breadcrumbJsonLd } from "~/components/listing/Breadcrumbs";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { toDecimalString } from "~/lib/money";
import { useNonce } from "~/web/nonce";
import { notFound, routeCheckFailed } from "~/web/not-found";
import { pageMeta } from "~/web/seo";
import { usePrice } from "~/hooks/use-price";
import { track, useDataLayer, type Make } from "~/hooks/use-data-layer";
import { getProduct, type ProductDetails } from "~/models/catalogue/products.server";
import { countProductView } from "~/models/pro/views.server";
import { CART_ERROR_MESSAGE, CartLineSchema } from "~/models/cart/cart";
import { addToCart } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";
import { localePath } from "~/lib/i18n";
import * as v from "valibot";
import { cartSetCookie } from "~/web/cart/cart-cookie.server";
import { pageViewOf } from "~/web/page-view.server";
import { REFUSAL_STATUS } from "~/web/refusal-status";
import { useShellData } from "~/hooks/route-data";

const guard = defineGuards("marketplace");

// /p/{slug} (and /market/product/{slug}): one product.
const SLUG = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.product.name, description: data.product.description.slice(0, 160) }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const slug = (params["*"] ?? "").replace(/\/$/, "");
  if (!SLUG.test(slug)) throw routeCheckFailed(request);
  const [, product] = await Promise.all([guard({ request, params }), getProduct(locale, slug)]);
  if (!product) throw notFound(request);
  // Counted in memory and written in batches for the seller's page (docs/pro.md); a page a CDN serves is not counted.
  countProductView(product.id, pageViewOf(request));
  const image = Number(new URL(request.url).searchParams.get("image") ?? "0");
  return { product, image: Number.isInteger(image) && image >= 0 && image < product.gallery.length ? image : 0 };
}

// Add to cart. Without JavaScript the shopper goes on to /cart; with it the
// form sends `enhanced` and stays, and the page says what was added (the
// answer's `added` is the number of units, for spec 9's add_to_cart).
export async function action({ request, params }: ActionFunctionArgs) {
  const { locale, t } = await openPage(guard, { request, params });
  const [site, owner, form] = await Promise.all([siteForRequest(request), cartOwner(request), request.formData()]);
  const line = v.safeParse(CartLineSchema, { sku: form.get("sku"), quantity: form.get("quantity") });
  if (!line.success) return data({ error: t(line.issues[0].message) }, { status: 400 });
  const outcome = await addToCart(owner, site.id, line.output.sku, line.output.quantity);
  if (!outcome.ok) {
    return data({ error: t(CART_ERROR_MESSAGE[outcome.error], { max: outcome.maxQuantity ?? 0 }) }, {
      status: REFUSAL_STATUS.cart[outcome.error],
    });
  }
  const setCookie = await cartSetCookie(outcome.newToken);
  const headers = setCookie ? { "set-cookie": setCookie } : undefined;
  if (form.get("enhanced") !== "1") throw redirect(localePath(locale, "/cart"), { status: 303, headers });
  return data({ added: line.output.quantity }, { headers });
}

export default function ProductPage() {
  const { product, image } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const added = answer && "added" in answer ? answer.added : 0;
  const error = answer && "error" in answer ? answer.error : null;
  const hydrated = useHydrated();
  const setOpenModal = useSetAtom(openModalAtom);
  const { pathname } = useLocation();
  const tracked = (event: "view_item" | "add_to_cart", quantity: number): Make => (b, rate) => b.productEvent(event, product, quantity, pathname, rate);
  useDataLayer(tracked("view_item", 1), product.sku);
  // Once a product is added, the cart modal shows what the cart holds now.
  useEffect(() => {
    if (!added) return;
    setOpenModal("cart");
    track(tracked("add_to_cart", added));
    // Once per answer: page data read again (a revalidation) is no new addition.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, setOpenModal]);
  const { t } = useTranslation();
  const price = usePrice();
  const [current, setCurrent] = useState(image);
  const discounted = product.discount_percentage > 0;
  const sizes = product.fields.find((field) => field.code === "size");

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs
        crumbs={[
          { label: t("listing.allCategories"), to: "/marketplace" },
          ...product.breadcrumbs.map((c) => ({ label: c.name, to: `/c/${c.path}` })),
          { label: product.name },
        ]}
      />
      <ProductJsonLd product={product} />
      <CartModalOnceOpened />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <Gallery product={product} current={current} onSelect={setCurrent} />
        <div className="flex flex-col gap-4">
          {product.manufacturer ? <p className="text-sm tracking-wide uppercase text-ink-muted">{product.manufacturer}</p> : null}
          <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
          <p className="text-sm text-ink-muted">{t("productPage.sku", { sku: product.sku })}</p>
          {product.flags.length ? (
            <ul className="flex flex-wrap gap-2">
              {product.flags.map((flag) => (
                <li key={flag.id} className="rounded bg-brand-soft px-2 py-0.5 text-sm font-medium text-brand-strong">
                  {flag.name}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-extrabold">{price(product.price_minor)}</span>
            {discounted ? (
              <>
                <s className="text-lg text-ink-muted">{price(product.original_price_minor)}</s>
                <span className="rounded bg-accent px-2 py-0.5 text-sm font-bold text-on-accent">
                  {t("product.discount", { percent: product.discount_percentage })}
                </span>
              </>
            ) : null}
          </p>
          <p className={product.stock > 0 ? "font-medium text-success" : "font-medium text-danger"}>
            {product.stock > 0 ? t("product.inStock") : t("product.outOfStock")}
          </p>

          <Form method="post" className="flex flex-col gap-4 rounded-xl border border-line p-4">
            {product.fields
              .filter((field) => field.options.length > 1)
              .map((field) => (
                <fieldset key={field.id}>
                  <legend className="mb-2 font-semibold">{field.name}</legend>
                  <div className="flex flex-wrap gap-2">
                    {field.options.map((option, index) => (
                      <label key={option.id} className="cursor-pointer">
                        <input type="radio" name={field.code} value={option.code} defaultChecked={index === 0} className="peer sr-only" />
                        <span className="inline-block rounded border border-line-strong px-3 py-1.5 peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:font-semibold peer-focus-visible:outline peer-focus-visible:outline-2">
                          {option.label}
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            {sizes ? <SizeChart /> : null}
            <div className="flex items-end gap-3">
              <label className="flex flex-col text-sm">
                {t("productPage.quantity")}
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={Math.max(1, product.stock)}
                  defaultValue={1}
                  className="mt-1 w-20 rounded border border-line-strong bg-surface px-2 py-2"
                />
              </label>
              <button type="submit" disabled={product.stock <= 0} className="button-primary flex-1 disabled:opacity-50">
                {t("productPage.addToCart")}
              </button>
            </div>
            <input type="hidden" name="sku" value={product.sku} />
            {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
            {error ? <ErrorAlert className="text-sm">{error}</ErrorAlert> : null}
            {added ? (
              <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong">
                {t("cart.added")}{" "}
                <LocaleLink to="/cart" className="link font-semibold">
                  {t("cart.view")}
                </LocaleLink>
              </p>
            ) : null}
            <p className="text-sm text-ink-muted">{t("productPage.shipping")}</p>
          </Form>

          {product.fields.length ? (
            <section>
              <h2 className="mb-2 text-lg font-semibold">{t("productPage.specs")}</h2>
              <dl className="divide-y divide-line rounded-lg border border-line text-sm">
                {product.fields.map((field) => (
                  <div key={field.id} className="flex justify-between gap-4 px-3 py-2">
                    <dt className="text-ink-muted">{field.name}</dt>
                    <dd className="text-right font-medium">{field.options.map((o) => o.label).join(", ")}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <section>
            <h2 className="mb-2 text-lg font-semibold">{t("productPage.description")}</h2>
            <p className="leading-relaxed whitespace-pre-line">{product.description}</p>
          </section>
        </div>
      </div>
    </div>
  );
}

/** Thumbnails are links (?image=n) before JavaScript and buttons after it. */
function Gallery({ product, current, onSelect }: { product: ProductDetails; current: number; onSelect: (n: number) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const main = product.gallery[current] ?? product.image;
  return (
    <section aria-label={t("productPage.gallery")}>
      <div className="aspect-square overflow-hidden rounded-xl bg-surface-muted">
        <ResponsiveImage src={main} alt={product.galleryAlts[current] ?? product.name} preset="gallery" width={800} height={800} priority className="size-full object-contain p-6" />
      </div>
      {product.gallery.length > 1 ? (
        <ul className="mt-3 flex gap-2">
          {product.gallery.map((src, index) => (
            <li key={`${src}-${index}`}>
              <a
                href={`${location.pathname}?image=${index}`}
                aria-label={t("productPage.showImage", { n: index + 1 })}
                aria-current={index === current ? "true" : undefined}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  onSelect(index);
                }}
                className={`block size-16 overflow-hidden rounded-lg border-2 ${index === current ? "border-brand" : "border-line"}`}
              >
                <ResponsiveImage src={src} alt="" preset="thumbnail" width={64} height={64} className="size-full object-contain" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// The cart modal and the size chart's are drawn only once a shopper opens
// one (after adding to the cart, or with the chart's link): their code stays
// out of the page's first scripts, and is kept once loaded.
const CartModal = lazy(() => import("~/components/cart/CartModal").then((module) => ({ default: module.CartModal })));
const Modal = lazy(() => import("~/components/Modal").then((module) => ({ default: module.Modal })));

function CartModalOnceOpened() {
  const opened = useAtomValue(openModalAtom) === "cart";
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);
  return wanted ? (
    <Suspense fallback={null}>
      <CartModal />
    </Suspense>
  ) : null;
}

const SIZE_CHART = [
  ["XS", "82–86", "66–70"],
  ["S", "86–92", "70–76"],
  ["M", "92–100", "76–84"],
  ["L", "100–108", "84–92"],
  ["XL", "108–116", "92–100"],
  ["XXL", "116–124", "100–108"],
];

/** The size chart modal; without JavaScript the same table opens below the link. */
function SizeChart() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const table = (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-line">
          <th className="py-2">{t("productPage.size")}</th>
          <th className="py-2">{t("productPage.chest")}</th>
          <th className="py-2">{t("productPage.waist")}</th>
        </tr>
      </thead>
      <tbody>
        {SIZE_CHART.map(([size, chest, waist]) => (
          <tr key={size} className="border-b border-line">
            <td className="py-1.5 font-medium">{size}</td>
            <td className="py-1.5">{chest}</td>
            <td className="py-1.5">{waist}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!hydrated) {
    return (
      <details>
        <summary className="link cursor-pointer text-sm">{t("productPage.sizeChart")}</summary>
        <div className="mt-2">{table}</div>
      </details>
    );
  }
  return (
    <>
      <button type="button" className="link self-start text-sm" onClick={() => setOpen(true)}>
        {t("productPage.sizeChart")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Modal open onClose={() => setOpen(false)} title={t("productPage.sizeChart")} size="md" mobile>
            {table}
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}

/** schema.org Product, so search engines show price and availability. */
function ProductJsonLd({ product }: { product: ProductDetails }) {
  const nonce = useNonce();
  const locale = useLocale();
  const site = useShellData()?.shell.site;
  const origin = site?.appUrl ?? "";
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: product.description,
    image: product.gallery.map((src) => `${origin}${src}`),
    ...(product.manufacturer ? { brand: { "@type": "Brand", name: product.manufacturer } } : {}),
    offers: {
      "@type": "Offer",
      priceCurrency: "EUR",
      price: toDecimalString(product.price_minor),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  const crumbs = breadcrumbJsonLd(
    product.breadcrumbs.map((c) => ({ label: c.name, to: `/c/${c.path}` })),
    origin,
    locale,
  );
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // JSON-LD is data, not script; "<" is escaped so no text can close the tag.
      dangerouslySetInnerHTML={{ __html: JSON.stringify([json, crumbs]).replace(/</g, "\\u003c") }}
    />
  );
}
