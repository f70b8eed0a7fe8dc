import { asFunction } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { bookingFeed, type BookingItem } from './bookings.ts';
import { liveRoutes } from './routes.ts';
import { LiveStream } from './stream.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    liveStream: LiveStream<BookingItem>;
  }
}

export { LiveStream, LIVE_DEFAULTS, type LiveStreamOptions, type LiveFrame } from './stream.ts';
export { bookingFeed, bookingsFor, type BookingItem, type LiveBookingView } from './bookings.ts';
export { STREAM_HEADERS } from './routes.ts';

export const liveModule: AtriumModule = {
  name: 'live',
  register(container) {
    container.register({
      // The server ends the streams before it stops listening (open streams would hold it); here too otherwise.
      liveStream: asFunction((c) => new LiveStream(c, bookingFeed(c)))
        .singleton()
        .disposer((s) => s.close()),
    });
  },
  routes: liveRoutes,
};
