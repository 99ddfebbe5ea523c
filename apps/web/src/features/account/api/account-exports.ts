import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExport, AccountExportList } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** How often the list is asked for while an export is being prepared (and never otherwise). */
export const EXPORT_POLL_MS = 3_000;

/** Cache key of the account's exports (under the user's key, so signing out drops it). */
export const accountExportsKey = ['me', 'exports'] as const;

/** Whether an export is still being prepared. */
export const isOpenExport = (e: AccountExport): boolean =>
  e.status === 'pending' || e.status === 'running';

/** The list's poll interval: every few seconds while an export is open, else none. */
export function exportPollInterval(data: AccountExportList | undefined): number | false {
  return data?.exports.some(isOpenExport) ? EXPORT_POLL_MS : false;
}

/** Query options of the account's exports, newest first. */
export const accountExportsQuery = () =>
  queryOptions({
    queryKey: accountExportsKey,
    queryFn: () => apiRequest('accountExports'),
    refetchInterval: (query) => exportPollInterval(query.state.data),
  });

/** The account's exports, polled only while one is being prepared. */
export function useAccountExports() {
  return useQuery(accountExportsQuery());
}

/** Starts an export; the new one is shown at once and the list is polled until it is done. */
export function useRequestAccountExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('requestAccountExport'),
    onSuccess: (created) => {
      queryClient.setQueryData<AccountExportList>(accountExportsKey, (old) => ({
        exports: [created, ...(old?.exports ?? []).filter((e) => e.id !== created.id)],
      }));
    },
    // A 409 means one is already open: the refreshed list shows it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountExportsKey }),
  });
}

/** What to tell the person when an export could not be started. */
export function requestExportErrorText(error: unknown): string {
  if (isApiError(error) && (error.code === 'export-in-progress' || error.code === 'rate-limited'))
    return error.message;
  return 'The export could not be started. Please try again.';
}

/**
 * Downloads a ready export. The archive is a plain signed-in GET that the browser saves (it may
 * be large, so it is not read into the page); a session that expired while the page stayed open
 * is renewed first by a signed-in call, which also confirms the export is still there.
 */
export async function downloadAccountExport(
  item: AccountExport,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  const { exports } = await apiRequest('accountExports');
  const current = exports.find((e) => e.id === item.id);
  if (!current?.downloadUrl) return false;
  go(current.downloadUrl);
  return true;
}
