import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The keyword languages a visitor can choose (public), sorted by name. */
export function usePublicLocales() {
  return useQuery({
    queryKey: ['public-locales'],
    queryFn: ({ signal }) => apiRequest('publicLocales', { query: { sortBy: 'name' }, signal }),
    staleTime: Infinity,
  });
}
