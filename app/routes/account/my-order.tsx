import type { LoaderFunctionArgs } from "@remix-run/node";
import { HeadedSection } from "~/components/HeadedSection";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { Breadcrumbs } from "~/components/listing/Breadcrumbs";
import { LocaleLink } from "~/components/LocaleLink";
import { OrderStatusBadge } from "~/components/account/OrderStatusBadge";
import { formatDateTime } from "~/lib/format";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { intlLocale } from "~/lib/i18n";
import { getImagePreset, presetImageUrl, srcSet } from "~/lib/image";
import { formatMoney, type Minor } from "~/lib/money";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";
import { getOwnOrder } from "~/models/orders/orders.server";
import { siteForRequest } from "~/web/sites.server";

// /my-orders/{slug}: one order of the signed-in customer. Anyone else's
// order, like an unknown slug, is the non-fatal 404: whether an order
// exists is nobody else's business. Amounts, dates and picture addresses
// are worked out here, so the browser's bundle carries no formatting code.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const site = await siteForRequest(request);
  const languageId = site.languages.find((language) => language.iso_code === locale)?.id ?? null;
  const order = slug ? await getOwnOrder(user.id, slug, languageId) : null;
  if (!order) throw notFound(request);

  const money = (amount: Minor) => formatMoney(amount, order.currency, intlLocale(locale));
  const thumbnail = getImagePreset("thumbnail");
  const view = {
    ...order,
    created_label: formatDateTime(order.created_at),
    paid_label: order.paid_at ? formatDateTime(order.paid_at) : null,
    subtotal_label: money(order.subtotal_minor),
    shipping_label: money(order.shipping_minor),
    total_label: money(order.total_minor),
    items: order.items.map((line) => ({
      ...line,
      price_label: money(line.price_minor),
      line_total_label: money(line.line_total_minor),
      picture: line.image
        ? { src: presetImageUrl(line.image, "thumbnail"), srcSet: srcSet(line.image, "thumbnail"), width: thumbnail.width, height: thumbnail.height }
        : null,
    })),
  };
  return { order: view, title: t("orders.detailTitle", { number: order.number }) };
}

export default function OrderPage() {
  const { order, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();

  return (
    <AccountLayout title={title}>
      <div className="-mt-3 mb-6">
        <Breadcrumbs crumbs={[{ label: t("orders.title"), to: "/my-orders" }, { label: order.number }]} />
      </div>

      {order.status === "unpaid" ? (
        <HeadedSection id="pay-title" heading={t("orders.payTitle")} className="mb-6 rounded-xl border border-danger bg-danger-soft p-4" headingClassName="font-semibold text-danger">
          <p className="mt-1">{t("orders.payText")}</p>
          <LocaleLink to={`/payment/${order.slug}`} className="button-primary mt-3">
            {t("orders.pay")}
          </LocaleLink>
        </HeadedSection>
      ) : null}

      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-line p-4 lg:grid-cols-3">
        <Fact label={t("orders.status")}>
          <OrderStatusBadge status={order.status} />
        </Fact>
        <Fact label={t("orders.kind")}>{t(`orders.kind_${order.kind}`)}</Fact>
        <Fact label={t("orders.placedAt")}>{order.created_label}</Fact>
        {order.paid_label ? <Fact label={t("orders.paidAt")}>{order.paid_label}</Fact> : null}
        {order.shipping_method ? <Fact label={t("orders.shippingMethod")}>{t(`orders.shipping_${order.shipping_method}`)}</Fact> : null}
        <Fact label={t("orders.items")}>{order.item_count}</Fact>
      </dl>

      <h2 className="mt-8 mb-3 text-lg font-semibold">{t("orders.lines")}</h2>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {order.items.map((line, index) => (
          <li key={`${line.sku}-${index}`} className="flex gap-4 p-4">
            <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-surface-muted">
              {line.picture ? (
                <img
                  src={line.picture.src}
                  srcSet={line.picture.srcSet}
                  alt=""
                  width={line.picture.width}
                  height={line.picture.height}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {line.product_slug ? (
                  <LocaleLink to={`/p/${line.product_slug}`} className="link">
                    {line.name}
                  </LocaleLink>
                ) : (
                  line.name
                )}
              </p>
              <p className="text-sm text-ink-muted">{t("orders.sku", { sku: line.sku })}</p>
              <dl className="mt-1 flex flex-wrap gap-x-4 text-sm">
                <div className="flex gap-1">
                  <dt className="text-ink-muted">{t("orders.price")}:</dt>
                  <dd>{line.price_label}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-ink-muted">{t("orders.quantity")}:</dt>
                  <dd>{line.quantity}</dd>
                </div>
              </dl>
            </div>
            <p className="shrink-0 font-semibold">
              <span className="sr-only">{t("orders.lineTotal")}: </span>
              {line.line_total_label}
            </p>
          </li>
        ))}
      </ul>

      <dl className="mt-6 ml-auto flex max-w-sm flex-col gap-2">
        <div className="flex justify-between gap-6">
          <dt className="text-ink-muted">{t("orders.subtotal")}</dt>
          <dd>{order.subtotal_label}</dd>
        </div>
        <div className="flex justify-between gap-6">
          <dt className="text-ink-muted">{t("orders.shippingCost")}</dt>
          <dd>{order.shipping_label}</dd>
        </div>
        <div className="flex justify-between gap-6 border-t border-line pt-2 text-lg font-semibold">
          <dt>{t("orders.grandTotal")}</dt>
          <dd>{order.total_label}</dd>
        </div>
      </dl>

      <p className="mt-8">
        <LocaleLink to="/my-orders" className="link font-semibold">
          <span aria-hidden="true">← </span>
          {t("orders.backToList")}
        </LocaleLink>
      </p>
    </AccountLayout>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
