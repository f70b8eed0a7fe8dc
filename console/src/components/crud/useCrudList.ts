import { useState } from 'react';
import type { ListHook, PageArgs } from './hooks.ts';

interface ListOptions<Row, Args extends PageArgs> {
  list: ListHook<Row, Args>;
  /** Filters sent beside page, pageSize and q. */
  query?: Omit<Args, keyof PageArgs>;
  pageSize?: number;
  /** How often to read the list again, from what it shows (0: never). */
  pollEvery?: (rows: Row[]) => number;
}

/**
 * The page a list-and-form screen shows: the page number and search text, back to the first page when the search or
 * another filter changes, read again as often as what it shows asks.
 */
export function useCrudList<Row, Args extends PageArgs>(o: ListOptions<Row, Args>) {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  // Other filters show their first page, as a new search does.
  const filters = JSON.stringify(o.query ?? {});
  const [shownFilters, setShownFilters] = useState(filters);
  if (filters !== shownFilters) {
    setShownFilters(filters);
    setPage(1);
  }
  const [pollingInterval, setPolling] = useState(0);
  const args = { ...o.query, page, pageSize: o.pageSize ?? 20, ...(q ? { q } : {}) } as Args;
  const { data, isFetching } = o.list(args, { pollingInterval });
  const every = o.pollEvery?.(data?.items ?? []) ?? 0;
  if (every !== pollingInterval) setPolling(every);
  const search = (s: string) => {
    setQ(s);
    setPage(1);
  };
  return { data, isFetching, page, setPage, q, search };
}
