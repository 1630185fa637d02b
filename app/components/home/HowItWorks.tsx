import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { HomeSection } from "./HomeSection";

/** Each step's texts are home.step<Name>Title, …Text and …Link; the link leads where the step starts. */
const STEPS = [
  ["Quote", "/order-form"],
  ["Pay", null],
  ["Forward", "/site-pro-delivery"],
  ["Ship", "/calculate"],
] as const;

/** How buying through a quote and forwarding a parcel work, in four steps with plain links to where each starts. */
export function HowItWorks({ heading }: { heading: string | undefined }) {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-how" heading={heading ?? t("home.howItWorks")} className="rounded-2xl bg-surface-muted px-6 py-8">
      <p className="mt-2 max-w-2xl text-ink-muted">{t("home.howItWorksIntro")}</p>
      {/* Each step's looks are the `steps` rules in tailwind.css, by the parts' places. */}
      <ol className="steps mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(([name, to], index) => (
          <li key={name}>
            <span aria-hidden="true">{index + 1}</span>
            <h3>{t(`home.step${name}Title`)}</h3>
            <p>{t(`home.step${name}Text`)}</p>
            {to ? (
              <LocaleLink to={to} className="link">
                {t(`home.step${name}Link`)}
              </LocaleLink>
            ) : null}
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
