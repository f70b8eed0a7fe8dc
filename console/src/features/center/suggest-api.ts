/** "Find me a room" / "a desk near…" (docs/product-rules.md R12.7): the ranked suggestions of a window. */
import type { z } from 'zod';
import type { SuggestQuery } from '../../../../core/modules/bookings/schema.ts';
import type { BookingsService } from '../../../../core/modules/bookings/service.ts';
import { api, dataOf } from '../../app/api.ts';

export type Suggestions = Awaited<ReturnType<BookingsService['suggest']>>;
export type Suggestion = Suggestions['suggestions'][number];
export type SuggestArgs = z.input<typeof SuggestQuery>;

export const suggestApi = api.enhanceEndpoints({ addTagTypes: ['Bookings'] }).injectEndpoints({
  endpoints: (build) => ({
    suggestions: build.query<Suggestions, SuggestArgs>({
      query: (params) => ({ url: '/bookings/suggestions', params: { ...params } }),
      transformResponse: dataOf<Suggestions>,
      // A booking made from a suggestion (or anyone's) changes what is free: the list is asked again.
      providesTags: ['Bookings'],
    }),
  }),
});

export const { useSuggestionsQuery } = suggestApi;
