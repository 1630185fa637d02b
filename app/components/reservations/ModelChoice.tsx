import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { HeadedSection } from "~/components/HeadedSection";

export type ModelLink = { model: string; from: string; soldOut: boolean; current: boolean };

/** The models as links (?model=…): choosing one shows its colours and storage, with or without JavaScript. */
export function ModelChoice({ models }: { models: ModelLink[] }) {
  const { t } = useTranslation();
  return (
    <HeadedSection as="nav" id="reservation-models" heading={t("reservation.models")} className="mb-6" headingClassName="mb-2 text-lg font-semibold">
      <ul className="grid gap-3 sm:grid-cols-3">
        {models.map((item) => (
          <li key={item.model}>
            <LocaleLink
              to={`/iphone-reservation?${new URLSearchParams({ model: item.model })}`}
              aria-current={item.current ? "page" : undefined}
              className={`flex h-full flex-col rounded-xl border-2 p-4 ${item.current ? "border-brand" : "border-line hover:border-brand"}`}
            >
              <span className="font-semibold">{item.model}</span>
              <span className="text-sm text-ink-muted">{item.soldOut ? t("reservation.modelSoldOut") : t("reservation.fromPrice", { price: item.from })}</span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
