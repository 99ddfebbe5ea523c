import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@tubewise/contract';
import { apiRequest } from '../api-client.ts';

/** Shown when the keyword languages cannot be loaded (spec section 8). */
export const LOCALES_FAILED_TEXT = 'Failed to get Keyword Language';

/** Fetches the keyword languages, sorted by name. */
export function getLocales(): Promise<Language[]> {
  return apiRequest('locales', { query: { sortBy: 'name' } });
}

/** Query options of the keyword languages: the same for everyone and rarely changing. */
export const localesQueryOptions = () =>
  queryOptions({ queryKey: ['locales', 'name'], queryFn: getLocales, staleTime: 60 * 60_000 });

/** The keyword languages. */
export function useLocales() {
  return useQuery(localesQueryOptions());
}
