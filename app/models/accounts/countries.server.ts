import { intlLocale, type Locale } from "~/lib/i18n";
import { listCountries } from "~/models/accounts/addresses.server";

/** The countries an address may be in, named in the page's language and sorted by that name. */
export async function countryOptions(locale: Locale) {
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: "region" });
  const collator = new Intl.Collator(intlLocale(locale));
  const countries = await listCountries();
  return countries
    .map((country) => ({ value: String(country.id), label: names.of(country.iso_code.trim()) ?? country.name }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
