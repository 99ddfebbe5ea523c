import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
import { useSearchParams } from 'react-router';
import { listSearch, parseListParams, type ListState } from './list-params.ts';

/** What the list components need to read and change the URL-held state. */
export interface ListParams {
  state: ListState;
  /** Goes to another state (a new history entry unless `replace`). */
  go: (next: ListState, options?: { replace?: boolean }) => void;
  /** Changes filters and returns to the first page. */
  setFilters: (changes: Partial<ListState>, options?: { replace?: boolean }) => void;
}

/**
 * The list's state from the URL query string, and how to change it. The router applies a URL
 * change in a transition, which lasts as long as the list takes to re-render (or suspends);
 * meanwhile the state is the chosen one (optimistic), so a switch, select or sort header shows
 * the person's choice at once instead of snapping back until the transition commits.
 */
export function useListParams(): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const committed = useMemo(() => parseListParams(searchParams), [searchParams]);
  const [state, setOptimisticState] = useOptimistic(committed);
  const go = useCallback(
    (next: ListState, options?: { replace?: boolean }) => {
      const search = listSearch(next);
      startTransition(() => {
        setOptimisticState(parseListParams(new URLSearchParams(search)));
        setSearchParams(new URLSearchParams(search), options);
      });
    },
    [setSearchParams, setOptimisticState],
  );
  const setFilters = useCallback(
    (changes: Partial<ListState>, options?: { replace?: boolean }) =>
      go({ ...state, ...changes, page: 1 }, options),
    [go, state],
  );
  return { state, go, setFilters };
}
