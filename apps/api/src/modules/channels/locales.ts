import type { Language } from '@tubewise/contract';

// Google Ads language criterion ids: developers.google.com/google-ads/api/data/codes-formats#languages
// Location codes: Google Ads geo targets (also DataForSEO's location_code), e.g. 2840 = United States.
const row = (
  id: string,
  name: string,
  iso6391: string,
  bing: string,
  adsCode: number,
  locName: string,
  locAbbreviation: string,
  code: number,
): Language => ({
  id,
  name,
  iso6391,
  youtube: iso6391,
  bing,
  writeSonic: iso6391,
  adsCode,
  locName,
  locAbbreviation,
  code,
});

/** The keyword languages the product offers (location × language pairs of the keyword data). */
export const LOCALES: readonly Language[] = [
  row('en-us', 'English (US)', 'en', 'en-US', 1000, 'United States', 'US', 2840),
  row('en-gb', 'English (UK)', 'en', 'en-GB', 1000, 'United Kingdom', 'GB', 2826),
  row('en-ca', 'English (Canada)', 'en', 'en-CA', 1000, 'Canada', 'CA', 2124),
  row('en-au', 'English (Australia)', 'en', 'en-AU', 1000, 'Australia', 'AU', 2036),
  row('en-in', 'English (India)', 'en', 'en-IN', 1000, 'India', 'IN', 2356),
  row('en-ie', 'English (Ireland)', 'en', 'en-IE', 1000, 'Ireland', 'IE', 2372),
  row('en-nz', 'English (New Zealand)', 'en', 'en-NZ', 1000, 'New Zealand', 'NZ', 2554),
  row('fr-fr', 'French (France)', 'fr', 'fr-FR', 1002, 'France', 'FR', 2250),
  row('fr-ca', 'French (Canada)', 'fr', 'fr-CA', 1002, 'Canada', 'CA', 2124),
  row('de-de', 'German (Germany)', 'de', 'de-DE', 1001, 'Germany', 'DE', 2276),
  row('de-at', 'German (Austria)', 'de', 'de-AT', 1001, 'Austria', 'AT', 2040),
  row('de-ch', 'German (Switzerland)', 'de', 'de-CH', 1001, 'Switzerland', 'CH', 2756),
  row('es-es', 'Spanish (Spain)', 'es', 'es-ES', 1003, 'Spain', 'ES', 2724),
  row('es-mx', 'Spanish (Mexico)', 'es', 'es-MX', 1003, 'Mexico', 'MX', 2484),
  row('es-ar', 'Spanish (Argentina)', 'es', 'es-AR', 1003, 'Argentina', 'AR', 2032),
  row('pt-br', 'Portuguese (Brazil)', 'pt', 'pt-BR', 1014, 'Brazil', 'BR', 2076),
  row('pt-pt', 'Portuguese (Portugal)', 'pt', 'pt-PT', 1014, 'Portugal', 'PT', 2620),
  row('it-it', 'Italian (Italy)', 'it', 'it-IT', 1004, 'Italy', 'IT', 2380),
  row('nl-nl', 'Dutch (Netherlands)', 'nl', 'nl-NL', 1010, 'Netherlands', 'NL', 2528),
  row('pl-pl', 'Polish (Poland)', 'pl', 'pl-PL', 1030, 'Poland', 'PL', 2616),
  row('sv-se', 'Swedish (Sweden)', 'sv', 'sv-SE', 1015, 'Sweden', 'SE', 2752),
  row('ja-jp', 'Japanese (Japan)', 'ja', 'ja-JP', 1005, 'Japan', 'JP', 2392),
  row('ko-kr', 'Korean (South Korea)', 'ko', 'ko-KR', 1012, 'South Korea', 'KR', 2410),
  row('ru-ru', 'Russian (Russia)', 'ru', 'ru-RU', 1031, 'Russia', 'RU', 2643),
  row('hi-in', 'Hindi (India)', 'hi', 'hi-IN', 1023, 'India', 'IN', 2356),
  row('tr-tr', 'Turkish (Turkey)', 'tr', 'tr-TR', 1037, 'Turkey', 'TR', 2792),
];

/** The locales sorted by name (default) or by location code. */
export function sortedLocales(sortBy: 'name' | 'code'): Language[] {
  return [...LOCALES].sort((a, b) =>
    sortBy === 'name'
      ? a.name.localeCompare(b.name)
      : a.code - b.code || a.name.localeCompare(b.name),
  );
}

/** Whether a locale id is one the product offers. */
export function isKnownLocale(id: string): boolean {
  return LOCALES.some((l) => l.id === id);
}
