/** What CrudScreen asks of an area's typed endpoints: RTK Query's generated hooks fit these shapes. */
import type { Page } from './CrudTable.tsx';

export type Outcome = { data: unknown } | { error: unknown };

export interface ListState<Row> {
  data?: Page<Row>;
  isFetching: boolean;
  error?: unknown;
}

export type ListHook<Row, Args> = (
  args: Args,
  options?: { pollingInterval?: number; skip?: boolean },
) => ListState<Row>;

export interface SaveArgs<Body> {
  id: number | null;
  body: Body;
}

export type SaveHook<Body> = () => readonly [(args: SaveArgs<Body>) => Promise<Outcome>, { isLoading: boolean }];
export type RemoveHook = () => readonly [(id: number) => Promise<Outcome>, { isLoading: boolean }];

export interface PageArgs {
  page?: number;
  pageSize?: number;
  q?: string;
  /** A refusal is not toasted (the list is only choices for a form). */
  silent?: boolean;
}

/** An area's collection as a CRUD screen uses it: its list, and where allowed its save and delete. */
export interface Collection<Row, Args extends PageArgs, Body = never> {
  list: ListHook<Row, Args>;
  save?: SaveHook<Body>;
  remove?: RemoveHook;
}
