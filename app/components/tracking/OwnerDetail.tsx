import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import type { OwnerDetail as Detail, TrackedSubject } from "~/models/tracking/tracking.server";
import { HeadedSection } from "~/components/HeadedSection";

/** Where the customer's own shipment came from: each has a page of its own; a parcel lives on /my-parcels. */
function subjectHref(subject: TrackedSubject) {
  if (subject.kind === "quote") return `/quotes/${subject.slug}`;
  if (subject.kind === "order") return `/my-orders/${subject.slug}`;
  if (subject.kind === "forward") return `/my-parcels/forward/${subject.slug}`;
  return "/my-parcels";
}

/** What only the shipment's owner sees: what it was shipped for, and what the parcels hold. */
export function OwnerDetail({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  return (
    <HeadedSection id="tracking-owner-title" heading={t("tracking.yourShipment")} className="rounded-xl border border-line p-4" headingClassName="mb-2 text-lg font-semibold">
      {detail.subject ? (
        <p>
          {t("tracking.shippedFor")}:{" "}
          <LocaleLink to={subjectHref(detail.subject)} className="link font-semibold">
            {t(`tracking.subject_${detail.subject.kind}`, { number: detail.subject.number })}
          </LocaleLink>
        </p>
      ) : null}
      {detail.contents.length > 0 ? (
        <>
          <h3 className="mt-3 mb-1 font-semibold">{t("tracking.contents")}</h3>
          <ul className="list-disc pl-5">
            {detail.contents.map((line, index) => (
              <li key={index}>
                {line.description} — {t("tracking.pieces", { quantity: line.quantity })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </HeadedSection>
  );
}
