import { useTranslation } from "~/hooks/use-translation";
import { HeadedSection } from "~/components/HeadedSection";

export type TimelineEvent = { code: string; known: boolean; location: string; at: string };

/** A shipment's events, newest first, each with its date and time, what happened and where. */
export function ShipmentTimeline({ events }: { events: TimelineEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className="text-ink-muted">{t("tracking.noEvents")}</p>;
  return (
    <HeadedSection id="tracking-timeline-title" heading={t("tracking.timeline")} headingClassName="mb-3 text-lg font-semibold">
      <ol className="flex flex-col border-l-2 border-line">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`} className="relative pb-5 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[7px] size-3 rounded-full ${index === 0 ? "bg-brand" : "bg-line-strong"}`}
            />
            <p className="font-semibold">{event.known ? t(`tracking.event_${event.code}`) : event.code}</p>
            <p className="text-sm text-ink-muted">
              <span className="sr-only">{t("tracking.when")}: </span>
              <time dateTime={event.at.replace(" ", "T") + "Z"}>{event.at}</time>
              {event.location ? (
                <>
                  {" · "}
                  <span className="sr-only">{t("tracking.where")}: </span>
                  {event.location}
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}
