import { useCallback, useMemo } from 'react';
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

/** The list's state from the URL query string, and how to change it. */
export function useListParams(): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListParams(searchParams), [searchParams]);
  const go = useCallback(
    (next: ListState, options?: { replace?: boolean }) =>
      setSearchParams(new URLSearchParams(listSearch(next)), options),
    [setSearchParams],
  );
  const setFilters = useCallback(
    (changes: Partial<ListState>, options?: { replace?: boolean }) =>
      go({ ...state, ...changes, page: 1 }, options),
    [go, state],
  );
  return { state, go, setFilters };
}
