import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { ForwardingStatus } from "~/components/forwarding/StatusBadge";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { intlLocale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { forwardRequestFor } from "~/models/forwarding/forward-requests.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /my-parcels/forward/{slug}: one forward request: where it stands, its
// parcels, shipping and storage, the total, and the next step (pay once
// priced, answer the operator's question, follow the shipment). Another
// customer's request is not found.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const forward = await forwardRequestFor(user.id, params.slug ?? "");
  if (!forward) throw notFound(request);
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, "EUR", intlLocale(locale)));
  const a = forward.address;
  return {
    title: t("forwarding.request.title", { number: forward.number }),
    sent: new URL(request.url).searchParams.has("sent"),
    status: forward.status,
    warehouse: forward.warehouse_name,
    method: forward.shipping_method,
    created: formatDateTime(forward.created_at),
    address: [`${a.first_name} ${a.last_name}`, a.first_address, `${a.zip} ${a.city}`, a.phone_number].filter(Boolean),
    parcels: forward.parcels.map((p) => ({ id: p.id, tracking: p.tracking_number, shop: p.store_name, status: p.status })),
    shipping: money(forward.shipping_minor),
    storage: money(forward.storage_fee_minor)!,
    total: money(forward.total_minor),
    billSlug: forward.billSlug,
    tracking: forward.status === "shipped" || forward.status === "delivered" ? forward.tracking_number : null,
    question: forward.question?.slug ?? null,
  };
}

export default function ForwardRequestPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={d.title}>
      {d.sent ? (
        <p role="status" className="mb-4 rounded-lg bg-success-soft px-3 py-2">
          {t("forwarding.request.sent")}
        </p>
      ) : null}
      <p className="mb-4 flex flex-wrap items-center gap-3">
        <ForwardingStatus kind="request" status={d.status} />
        <span className="text-sm text-ink-muted">{d.created}</span>
      </p>
      {d.question ? (
        <p className="mb-4 rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {t("forwarding.request.question")}{" "}
          <LocaleLink to={`/order-additional-info-needed/${d.question}`} className="font-semibold underline">
            {t("forwarding.request.answer")}
          </LocaleLink>
        </p>
      ) : null}
      <dl className="mb-6 grid max-w-xl grid-cols-[10rem_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">{t("forwarding.request.warehouse")}</dt>
        <dd>{d.warehouse}</dd>
        <dt className="font-medium">{t("forwarding.request.method")}</dt>
        <dd>{t(`forwarding.create.${d.method}`)}</dd>
        <dt className="font-medium">{t("forwarding.request.address")}</dt>
        <dd>
          <address className="not-italic">
            {d.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </dl>
      <h2 className="mb-2 text-xl font-semibold">{t("forwarding.request.parcels")}</h2>
      <ul className="mb-6 flex flex-col gap-1">
        {d.parcels.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{p.tracking}</span> · {p.shop} <ForwardingStatus kind="parcel" status={p.status} />
          </li>
        ))}
      </ul>
      <dl className="mb-6 grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{t("forwarding.request.shipping")}</dt>
        <dd className="text-right">{d.shipping ?? "—"}</dd>
        <dt>{t("forwarding.request.storage")}</dt>
        <dd className="text-right">{d.storage}</dd>
        <dt className="font-semibold">{t("forwarding.request.total")}</dt>
        <dd className="text-right font-semibold">{d.total ?? "—"}</dd>
      </dl>
      {d.total === null ? <p className="mb-4 text-ink-muted">{t("forwarding.request.notPriced")}</p> : null}
      <div className="flex flex-wrap gap-3">
        {d.billSlug && d.total ? (
          <LocaleLink to={`/payment/${d.billSlug}`} className="button-primary">
            {t("forwarding.request.pay", { amount: d.total })}
          </LocaleLink>
        ) : null}
        {d.tracking ? (
          <LocaleLink to={`/tracking/${encodeURIComponent(d.tracking)}`} className="button-secondary">
            {t("forwarding.request.track", { number: d.tracking })}
          </LocaleLink>
        ) : null}
        <LocaleLink to="/my-parcels" className="button-secondary">
          {t("forwarding.request.back")}
        </LocaleLink>
      </div>
    </AccountLayout>
  );
}
