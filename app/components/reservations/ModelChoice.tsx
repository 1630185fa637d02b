import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";

export type ModelLink = { model: string; from: string; soldOut: boolean; current: boolean };

/** The models as links (?model=…): choosing one shows its colours and storage, with or without JavaScript. */
export function ModelChoice({ models }: { models: ModelLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="reservation-models" className="mb-6">
      <h2 id="reservation-models" className="mb-2 text-lg font-semibold">
        {t("reservation.models")}
      </h2>
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
    </nav>
  );
}
