/**
 * The booking centre's credit and device-name calls (docs/product-rules.md R10.5, R12.5): the price of a booking
 * before it is made, the signed-in user's own ledger, and the device names the inquiry filters by.
 */
import type { z } from 'zod';
import type { BookingsService } from '../../../../core/modules/bookings/service.ts';
import type { CreditsService } from '../../../../core/modules/bookings/credits.ts';
import type { QuoteQuery } from '../../../../core/modules/bookings/schema.ts';
import { api, dataOf } from '../../app/api.ts';
import type { Page } from '../../components/crud/index.ts';

export type Quote = Awaited<ReturnType<BookingsService['quote']>>;
export type OwnCredit = Awaited<ReturnType<CreditsService['own']>>;
export type LedgerEntry = OwnCredit['items'][number];
type QuoteArgs = z.input<typeof QuoteQuery>;

export const creditApi = api.enhanceEndpoints({ addTagTypes: ['Bookings'] }).injectEndpoints({
  endpoints: (build) => ({
    quote: build.query<Quote, QuoteArgs>({
      query: (params) => ({ url: '/bookings/quote', params: { ...params }, silent: true }),
      transformResponse: dataOf<Quote>,
      // A booking moves the balance: the next quote reads it again.
      providesTags: ['Bookings'],
    }),
    ownCredit: build.query<OwnCredit, { page: number; pageSize: number }>({
      query: (params) => ({ url: '/bookings/credit', params: { ...params } }),
      transformResponse: dataOf<OwnCredit>,
      providesTags: ['Bookings'],
    }),
    deviceNames: build.query<Page<string>, { q: string; type?: number }>({
      query: ({ q, type }) => ({
        url: '/bookings/device-names',
        params: { q: q || undefined, type, pageSize: 50 },
        silent: true,
      }),
      transformResponse: dataOf<Page<string>>,
    }),
  }),
});

export const { useQuoteQuery, useOwnCreditQuery, useDeviceNamesQuery } = creditApi;

/** Cents as the console shows credit elsewhere (two decimals), with the currency sign. */
export const money = (cents: number): string => `¥${(cents / 100).toFixed(2)}`;
