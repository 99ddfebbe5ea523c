import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseRankingsParams, rankingsSearch, type RankingsParams } from './rankings-params.ts';

/** The rankings table's state from the address, and how to change it. */
export function useRankingsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseRankingsParams(searchParams), [searchParams]);
  const change = useCallback(
    (changes: Partial<RankingsParams>, options?: { replace?: boolean }) => {
      // Changing what is listed goes back to the first page.
      const listChanged = ['sort', 'order', 'bucket', 'search'].some((k) => k in changes);
      const next = { ...state, ...(listChanged ? { page: 1 } : {}), ...changes };
      setSearchParams(new URLSearchParams(rankingsSearch(next)), options);
    },
    [state, setSearchParams],
  );
  return { state, change };
}
