/**
 * The shared insights report (GET /api/public/insights/{id}), read by the onboarding's last
 * step and by the public shared page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedInsights } from '@tubewise/contract';
import { apiRequest } from './api-client.ts';

/** How often a report that is still being made is asked for again. */
export const INSIGHTS_POLL_MS = 2000;

/** Cache key of one shared insights report. */
export const sharedInsightsKey = (id: string) => ['shared-insights', id] as const;

/** Query options of a shared report: asked again every INSIGHTS_POLL_MS while it is pending. */
export const sharedInsightsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sharedInsightsKey(id),
    queryFn: ({ signal }) => apiRequest('sharedInsights', { params: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && !query.state.error ? INSIGHTS_POLL_MS : false,
  });

/** The shared report with this id (404 unknown, 410 expired or turned off come as errors). */
export function useSharedInsights(id: string, enabled = true) {
  return useQuery({ ...sharedInsightsQueryOptions(id), enabled });
}

/** Keyword progress of a report in percent (0 when nothing is known yet). */
export function insightsProgressPercent(insights: Pick<SharedInsights, 'progress'>): number {
  const { done, total } = insights.progress;
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}
