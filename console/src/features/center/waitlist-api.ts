/**
 * The waitlist's calls (docs/product-rules.md R25): join a taken range, list one's own entries, leave one. An entry
 * booked for its person is a booking too: the bookings' lists read again when the waitlist changes.
 */
import type { z } from 'zod';
import type { EntryView, JoinInput, WaitlistQuery } from '../../../../core/modules/waitlist/schema.ts';
import { api, dataOf } from '../../app/api.ts';
import type { Page } from '../../components/crud/index.ts';

export type WaitlistEntry = EntryView;
export type WaitlistJoin = z.input<typeof JoinInput>;
type ListArgs = z.input<typeof WaitlistQuery>;

export const waitlistApi = api.enhanceEndpoints({ addTagTypes: ['Waitlist', 'Bookings'] }).injectEndpoints({
  endpoints: (build) => ({
    myWaitlist: build.query<Page<WaitlistEntry>, ListArgs>({
      query: (params) => ({ url: '/waitlist', params: { ...params } }),
      transformResponse: dataOf<Page<WaitlistEntry>>,
      // A booking made or cancelled anywhere may have served a line: Bookings too.
      providesTags: ['Waitlist', 'Bookings'],
    }),
    joinWaitlist: build.mutation<WaitlistEntry, WaitlistJoin>({
      query: (body) => ({ url: '/waitlist', method: 'POST', body }),
      transformResponse: dataOf<WaitlistEntry>,
      invalidatesTags: ['Waitlist'],
    }),
    leaveWaitlist: build.mutation<void, number>({
      query: (id) => ({ url: `/waitlist/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Waitlist'],
    }),
  }),
});

export const { useMyWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } = waitlistApi;
