import type { LoaderFunctionArgs } from "@remix-run/node";
import { HeadedSection } from "~/components/HeadedSection";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { CopyAddress } from "~/components/forwarding/CopyAddress";
import { ForwardingStatus } from "~/components/forwarding/StatusBadge";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate, formatDateTime } from "~/lib/format";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { listForwardRequests } from "~/models/forwarding/forward-requests.server";
import { listParcels, suiteAddresses } from "~/models/forwarding/parcels.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /my-parcels: the customer's own address at each warehouse (to give to
// shops), the parcels they declared with where each one is, and their
// forward requests. Amounts and dates are written on the server.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const money = (amount: number) => formatMoney(amount, "EUR", intlLocale(locale));
  const [addresses, parcels, requests] = await Promise.all([suiteAddresses(user), listParcels(user.id), listForwardRequests(user.id)]);
  const declared = new URL(request.url).searchParams.get("declared");
  const waiting = new Map<string, string>();
  for (const p of parcels) if (p.status === "arrived" || p.status === "stored") waiting.set(p.warehouse_code, p.warehouse_name);
  return {
    title: t("forwarding.parcels.title"),
    declared: declared ? t("forwarding.parcels.declared") : null,
    addresses,
    sendFrom: [...waiting].map(([code, name]) => ({ code, name })),
    parcels: parcels.map((p) => ({
      id: p.id,
      tracking: p.tracking_number,
      carrier: p.carrier,
      shop: p.store_name,
      status: p.status,
      warehouse: p.warehouse_name,
      size:
        p.weight_g && p.length_mm && p.width_mm && p.height_mm
          ? { kg: (p.weight_g / 1000).toFixed(2), size: [p.length_mm, p.width_mm, p.height_mm].map((mm) => mm / 10).join("×") }
          : null,
      photos: p.photos.map((_, n) => `/my-parcels/photo/${p.id}/${n}`),
      freeUntil: p.free_until && (p.status === "arrived" || p.status === "stored") ? formatDate(p.free_until) : null,
      storage: p.storage_fee_minor > 0 ? money(p.storage_fee_minor) : null,
      lines: p.lines.map((l) => `${l.quantity} × ${l.description} (${money(Number(l.value_minor))})`),
    })),
    requests: requests.map((r) => ({ slug: r.slug, number: r.number, status: r.status, warehouse: r.warehouse_name, created: formatDateTime(r.created_at), parcels: r.parcel_count })),
  };
}

export default function MyParcelsPage() {
  const { title, declared, addresses, sendFrom, parcels, requests } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = useLocale();
  // Plain links and images (not client routes): a photo is a file, not a page.
  const withLocale = (path: string) => localePath(locale, path);
  return (
    <AccountLayout title={title}>
      {declared ? (
        <p role="status" className="mb-4 rounded-lg bg-success-soft px-3 py-2">
          {declared}
        </p>
      ) : null}
      <HeadedSection id="suite-addresses" heading={t("forwarding.parcels.addressesTitle")} className="mb-8" headingClassName="mb-2 text-xl font-semibold">
        <p className="mb-3 text-ink-muted">{t("forwarding.parcels.addressesIntro")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {addresses.map((a) => (
            <CopyAddress key={a.code} name={a.name} lines={a.lines} text={a.text} />
          ))}
        </div>
      </HeadedSection>

      <HeadedSection
        id="parcel-list"
        heading={t("forwarding.parcels.listTitle")}
        className="mb-8"
        headingClassName="text-xl font-semibold"
        aside={
          <LocaleLink to="/site-pro-delivery" className="button-primary">
            {t("forwarding.parcels.declare")}
          </LocaleLink>
        }
      >
        {sendFrom.length ? (
          <ul className="mb-3 flex flex-wrap gap-2">
            {sendFrom.map((w) => (
              <li key={w.code}>
                <LocaleLink to={`/create-order/${w.code}`} className="button-secondary">
                  {t("forwarding.parcels.sendHome", { warehouse: w.name })}
                </LocaleLink>
              </li>
            ))}
          </ul>
        ) : null}
        {parcels.length === 0 ? (
          <p className="text-ink-muted">{t("forwarding.parcels.none")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {parcels.map((p) => (
              <li key={p.id} className="rounded-lg border border-line p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p>
                    <span className="sr-only">{t("forwarding.parcels.tracking")}: </span>
                    <strong className="font-mono">{p.tracking}</strong> · {p.carrier} · {p.shop} · {p.warehouse}
                  </p>
                  <ForwardingStatus kind="parcel" status={p.status} />
                </div>
                <ul className="mt-2 text-sm">
                  {p.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
                <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-ink-muted">
                  {p.size ? <span>{t("forwarding.parcels.weight", p.size)}</span> : null}
                  {p.freeUntil ? <span>{t("forwarding.parcels.freeUntil", { date: p.freeUntil })}</span> : null}
                  {p.storage ? <span>{t("forwarding.parcels.storage", { amount: p.storage })}</span> : null}
                </p>
                {p.photos.length ? (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("forwarding.parcels.photos", { count: p.photos.length })}>
                    {p.photos.map((src, n) => (
                      <li key={src}>
                        <a href={withLocale(src)} className="block">
                          <img src={withLocale(src)} alt={t("forwarding.parcels.photo", { n: n + 1, tracking: p.tracking })} loading="lazy" className="size-20 rounded border border-line object-cover" />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <HeadedSection id="forward-requests" heading={t("forwarding.parcels.requestsTitle")} headingClassName="mb-3 text-xl font-semibold">
        {requests.length === 0 ? (
          <p className="text-ink-muted">{t("forwarding.parcels.noRequests")}</p>
        ) : (
          // A table scrolls sideways on a narrow screen rather than squeezing its columns together.
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm [&_td]:py-2 [&_td]:pr-4 [&_th]:py-1 [&_th]:pr-4 [&_th]:whitespace-nowrap">
              <thead>
                <tr>
                  <th scope="col">{t("forwarding.parcels.requestNumber")}</th>
                  <th scope="col">{t("forwarding.parcels.warehouse")}</th>
                  <th scope="col">{t("forwarding.parcels.parcelCount")}</th>
                  <th scope="col">{t("forwarding.parcels.created")}</th>
                  <th scope="col">{t("forwarding.parcels.status")}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.slug} className="border-t border-line">
                    <td>
                      <LocaleLink to={`/my-parcels/forward/${r.slug}`} className="link" aria-label={t("forwarding.parcels.open", { number: r.number })}>
                        {r.number}
                      </LocaleLink>
                    </td>
                    <td>{r.warehouse}</td>
                    <td>{r.parcels}</td>
                    <td className="whitespace-nowrap">{r.created}</td>
                    <td>
                      <ForwardingStatus kind="request" status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </HeadedSection>
    </AccountLayout>
  );
}
