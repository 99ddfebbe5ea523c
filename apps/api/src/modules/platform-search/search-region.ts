import { LOCALES } from '../channels/index.ts';

/** The platform region and language of a keyword language (its search market). */
export function regionOf(languageId: string): { regionCode: string; language: string } {
  const locale = LOCALES.find((l) => l.id === languageId) ?? LOCALES[0]!;
  return { regionCode: locale.locAbbreviation, language: locale.iso6391 };
}
