import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { User } from '@tubewise/contract';
import { apiRequest } from './api-client.ts';
import { isApiError } from './api-error.ts';

/** Cache key of the signed-in user; channel queries live under it so they go with it. */
export const userQueryKey = ['me'] as const;

/** Loads the signed-in user, or null when there is no session (401 after a failed refresh). */
export async function getUser(): Promise<User | null> {
  try {
    return await apiRequest('me', { silentSessionExpiry: true });
  } catch (err) {
    if (isApiError(err, 401)) return null;
    throw err;
  }
}

/** Query options of the signed-in user (null = signed out). */
export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser, staleTime: 60_000 });

/** The signed-in user query; `enabled` false skips the session check on pages that ask to. */
export function useUser(enabled = true): UseQueryResult<User | null> {
  return useQuery({ ...userQueryOptions(), enabled });
}

/** Splits the comma-separated user.flags into a set. */
export function parseFlags(flags: string | undefined | null): ReadonlySet<string> {
  return new Set(
    (flags ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  );
}
