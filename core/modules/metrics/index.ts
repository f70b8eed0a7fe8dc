/**
 * Prometheus metrics (docs/monitoring.md): the registry of this process, the HTTP middleware that times requests
 * and answers /metrics, the listener of ATRIUM_METRICS_ADDRESS, and the watch on the scheduler.
 *
 * Booking and delivery counters count what this process did, so they are right with several processes: each
 * change is counted once, by the process that committed it (the change record's commit listener, not the
 * durable record, which every process would count again), and Prometheus sums the processes.
 */
import { asClass, asFunction } from 'awilix';
import { PLUGIN_KINDS } from '../../plugin-sdk/kinds.ts';
import type { AtriumModule } from '../module.ts';
import { registerCollectors } from './collectors.ts';
import { AtriumMetrics } from './registry.ts';
import { SchedulerWatch } from './scheduler-watch.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    metrics: AtriumMetrics;
    /** Told of the scheduler by its constructor (core/scheduler/scheduler.ts) and of each run. */
    schedulerWatch: SchedulerWatch;
  }
}

export { AtriumMetrics, METRICS_PERMISSION, UNMATCHED } from './registry.ts';
export { httpMetrics, METRICS_PATH } from './http-metrics.ts';
export { listenMetrics, parseAddress, type MetricsListener } from './listener.ts';
export { SchedulerWatch } from './scheduler-watch.ts';
export { OUTBOX_COUNT_CAP } from './collectors.ts';

export const metricsModule: AtriumModule = {
  name: 'metrics',
  register(container) {
    container.register({
      metrics: asFunction((c) => {
        const metrics = new AtriumMetrics();
        registerCollectors(metrics, c);
        return metrics;
      }).singleton(),
      schedulerWatch: asClass(SchedulerWatch).singleton(),
    });
  },
  start(c) {
    const { metrics } = c;
    // Every kind and result from zero, so a rate over the first delivery of a kind is right.
    for (const kind of PLUGIN_KINDS)
      for (const result of ['done', 'retry', 'parked']) metrics.outboxDeliveries.inc({ kind, result }, 0);
    c.changeLog.onCommitted((changes) => {
      for (const change of changes) {
        if (change.name === 'booking.created') metrics.bookingsCreated.inc();
        else if (change.name === 'booking.cancelled') metrics.bookingsCancelled.inc();
        else if (change.name === 'booking.autoCancelled') metrics.bookingsAutoCancelled.inc();
      }
    });
    c.outbox.onOutcome((kind, result, count) => metrics.outboxDeliveries.inc({ kind, result }, count));
  },
};
