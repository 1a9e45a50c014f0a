import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DispatchEvent } from '../dispatch/dispatcher.js';

/** Prometheus metrics of a serving mini-a-proxy, fed by the dispatcher's events. */
export class ProxyMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'mini_a_requests_total', help: 'proxy-dispatch requests by action and connection', labelNames: ['action', 'connection'], registers: [this.registry] });
  private readonly errors = new Counter({ name: 'mini_a_errors_total', help: 'proxy-dispatch requests that answered with an error', labelNames: ['action', 'connection'], registers: [this.registry] });
  private readonly latency = new Histogram({
    name: 'mini_a_request_duration_seconds',
    help: 'proxy-dispatch latency by action and connection',
    labelNames: ['action', 'connection'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly spills = new Counter({ name: 'mini_a_spills_total', help: 'results written to spill files', labelNames: ['connection'], registers: [this.registry] });
  private readonly keptOut = new Counter({ name: 'mini_a_bytes_kept_out_total', help: 'bytes of results kept out of the model context by spilling', labelNames: ['connection'], registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'mini_a_' });
  }

  /** Records one finished request. */
  observe(e: DispatchEvent): void {
    const labels = { action: e.action, connection: e.connection ?? '' };
    this.requests.inc(labels);
    if (e.isError) this.errors.inc(labels);
    this.latency.observe(labels, e.ms / 1000);
    if (e.spilled) {
      this.spills.inc({ connection: labels.connection });
      this.keptOut.inc({ connection: labels.connection }, e.bytes ?? 0);
    }
  }

  /** The text exposition format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
