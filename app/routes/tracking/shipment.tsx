import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { HeadedSection } from "~/components/HeadedSection";
import { useLoaderData, useLocation } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { CalculatorLine } from "~/components/tracking/CalculatorLine";
import { OwnerDetail } from "~/components/tracking/OwnerDetail";
import { ShipmentTimeline } from "~/components/tracking/ShipmentTimeline";
import { TrackingForm } from "~/components/tracking/TrackingForm";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { isKnownTrackingCode, trackShipment } from "~/models/tracking/tracking.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /tracking/{id}: a shipment's timeline for anyone with its number; its
// owner, signed in, also sees what it was shipped for and what it holds, so
// the page is never indexed nor kept by a shared cache. An unknown number is
// an answer, not an error: 404 with the form to try another.
export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const number = params.id ?? "";
  const [t, user] = await Promise.all([i18nServer.getFixedT(locale), getSessionUser(request)]);
  const shipment = await trackShipment(number, user?.id ?? null);
  if (!shipment) {
    return data({ title: t("tracking.notFoundTitle"), number, signedIn: user !== null, shipment: null }, { status: 404 });
  }
  const events = shipment.events.map((event) => ({
    code: event.code,
    known: isKnownTrackingCode(event.code),
    location: event.location,
    at: formatDateTime(event.happenedAt),
  }));
  return {
    title: t("tracking.shipmentTitle", { number: shipment.trackingNumber }),
    number,
    signedIn: user !== null,
    shipment: { trackingNumber: shipment.trackingNumber, carrier: shipment.carrier, events, detail: shipment.detail },
  };
}

export default function ShipmentPage() {
  const { title, number, signedIn, shipment } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!shipment) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <p role="status" className="mb-6 rounded-lg bg-danger-soft px-4 py-3 text-danger">
          {t("tracking.notFound", { number })}
        </p>
        <TrackingForm defaultValue={number} />
        <CalculatorLine />
      </div>
    );
  }
  const latest = shipment.events[0];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="mb-3 text-2xl font-bold">{title}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {latest ? (
            <>
              <dt className="text-ink-muted">{t("tracking.latest")}</dt>
              <dd className="font-semibold">{latest.known ? t(`tracking.event_${latest.code}`) : latest.code}</dd>
            </>
          ) : null}
          <dt className="text-ink-muted">{t("tracking.carrier")}</dt>
          <dd>{shipment.carrier || t("tracking.noCarrier")}</dd>
        </dl>
      </div>
      {shipment.detail && (shipment.detail.subject || shipment.detail.contents.length > 0) ? <OwnerDetail detail={shipment.detail} /> : null}
      <ShipmentTimeline events={shipment.events} />
      {signedIn ? null : (
        <p className="text-ink-muted">
          {t("tracking.signInForDetail")}{" "}
          <LocaleLink to={`/login?${new URLSearchParams({ redirectTo: pathname })}`} className="link font-semibold">
            {t("tracking.signIn")}
          </LocaleLink>
        </p>
      )}
      <HeadedSection id="tracking-another-title" heading={t("tracking.another")} headingClassName="mb-2 text-lg font-semibold">
        <TrackingForm />
      </HeadedSection>
      <CalculatorLine />
    </div>
  );
}
