/**
 * The shapes most endpoints share, for the areas' typed api.ts files: a page
 * of a collection, one item, a create-or-update, a delete. Each area names
 * its endpoints and their types; these only spell out the calls.
 */
import type { Page, SaveArgs } from '../components/crud/index.ts';
import type { ApiArgs } from './api.ts';
import type { Envelope } from './http.ts';

const data = <T>(body: Envelope) => body.data as T;

/**
 * GET `url` with the argument as query parameters, answering its `data`. An argument's
 * `silent: true` keeps a refusal quiet (choices for a form the user may not read).
 */
export const getOf = <T, Tag extends string>(url: string, tag: Tag, extra: Partial<ApiArgs> = {}) => ({
  query: (arg: object | void): ApiArgs => {
    const { silent, ...params } = { ...arg } as { silent?: boolean };
    return { ...extra, url, params, silent: silent ?? extra.silent };
  },
  transformResponse: data<T>,
  providesTags: [tag],
});

/** The arguments of a list read whole for a form's choices: one big page, a refusal left quiet. */
export const CHOICES = { page: 1, pageSize: 500, silent: true } as const;

/** A page of a collection: `{ items, total, page, pageSize }`. */
export const pageOf = <T, Tag extends string>(url: string, tag: Tag, extra: Partial<ApiArgs> = {}) =>
  getOf<Page<T>, Tag>(url, tag, extra);

/** GET a path made from the argument (an item by id), answering its `data`. */
export const readOf = <T, Arg, Tag extends string>(
  url: (arg: Arg) => string,
  tag: Tag,
  extra: Partial<ApiArgs> = {},
) => ({
  query: (arg: Arg): ApiArgs => ({ ...extra, url: url(arg) }),
  transformResponse: data<T>,
  providesTags: [tag],
});

/** POST `url` (a new item) or PUT `url/id`; answers the saved item. */
export const saveOf = <T, Body, Tag extends string>(url: string, tag: Tag, extra: Partial<ApiArgs> = {}) => ({
  query: ({ id, body }: SaveArgs<Body>): ApiArgs => ({
    ...extra,
    url: id ? `${url}/${id}` : url,
    method: id ? 'PUT' : 'POST',
    body,
  }),
  transformResponse: data<T>,
  invalidatesTags: [tag],
});

/** DELETE `url/id`. */
export const deleteOf = <Tag extends string>(url: string, tag: Tag) => ({
  query: (id: number): ApiArgs => ({ url: `${url}/${id}`, method: 'DELETE' }),
  invalidatesTags: [tag],
});

/** A call that changes something (POST by default) and refreshes the area's lists; answers its `data`. */
export const actionOf = <T, Arg, Tag extends string>(request: (arg: Arg) => ApiArgs, tag: Tag) => ({
  query: (arg: Arg): ApiArgs => ({ method: 'POST', ...request(arg) }),
  transformResponse: data<T>,
  invalidatesTags: [tag],
});
