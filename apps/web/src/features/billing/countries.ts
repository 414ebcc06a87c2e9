import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

/**
 * Country names in English from the bundled i18n-iso-countries (GUIDE §1: no CDN call). Only
 * the English locale is registered, and only the billing screens import this module, so it
 * loads with them.
 */
countries.registerLocale(en);

/** The English name of an ISO 3166-1 alpha-2 code; the code itself when unknown. */
export const countryName = (code: string) => countries.getName(code, 'en') ?? code;

let options: { value: string; label: string }[] | undefined;

/** Every country, by name, for the country select. */
export function countryOptions() {
  options ??= Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}
