/**
 * The Prometheus metrics of one Atrium process (docs/monitoring.md lists every one): a registry of its own per
 * container, so several servers in one process (the tests) never share counts, with prom-client's default process
 * metrics. Counters count what this process did; Prometheus sums them over the processes of a cluster. The gauges
 * that need a query are computed when scraped (collectors.ts).
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The permission an API key needs to read /metrics on the main port (a scope, core/modules/keys). */
export const METRICS_PERMISSION = 'sys:metrics:view';

/** The route label of a request no route of the API matched (404, 405, the console and its files). */
export const UNMATCHED = 'unmatched';

export class AtriumMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template (unmatched for any other path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly bookingsCreated = new Counter({
    name: 'atrium_bookings_created_total',
    help: 'Bookings this process created (booking.created changes it committed)',
    registers: [this.registry],
  });

  readonly bookingsCancelled = new Counter({
    name: 'atrium_bookings_cancelled_total',
    help: "Bookings this process cancelled at a person's request (booking.cancelled changes it committed)",
    registers: [this.registry],
  });

  readonly bookingsAutoCancelled = new Counter({
    name: 'atrium_bookings_auto_cancelled_total',
    help: 'Bookings this process cancelled for want of a check-in (booking.autoCancelled changes it committed)',
    registers: [this.registry],
  });

  readonly outboxDeliveries = new Counter({
    name: 'atrium_outbox_deliveries_total',
    help: 'Outbox deliveries this process ended, by provider kind and result (done, retry, parked)',
    labelNames: ['kind', 'result'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'atrium_job_runs_total',
    help: 'Scheduled job runs this process claimed and ran, by job and result (ok, failed)',
    labelNames: ['job', 'result'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'atrium_job_duration_seconds',
    help: 'How long the scheduled job runs of this process took, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  readonly collectErrors = new Counter({
    name: 'atrium_metrics_collect_errors_total',
    help: 'Scrapes in which a gauge computed by a query could not be computed (it is left out), by collector',
    labelNames: ['collector'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text of every metric, the scrape-time gauges computed now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
