/**
 * Tracing facade. Code that makes spans calls `traced`, `tracedSync`, `openSpan` and
 * `injectTraceContext`; while no backend is installed (the exporter is off) they run the work
 * as it is and cost one branch. The OpenTelemetry SDK lives in tracing-setup.ts, loaded only when
 * OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set; it installs the backend. This module imports
 * nothing of OpenTelemetry at run time.
 */

/** Span attributes as callers give them; undefined values are left out. */
export type Attrs = Record<string, string | number | boolean | undefined>;

/** What code inside a span may say about it. */
export interface SpanHandle {
  /** Adds attributes (strings pass through redact). */
  set(attrs: Attrs): void;
  /** Renames the span (when what it is becomes known inside it). */
  rename(name: string): void;
  /** Marks the span failed: `errorType` is a low-cardinality class (a code, `tool_error`), `message` is redacted. */
  fail(errorType: string, message?: string): void;
}

/** A span started without becoming the current one (ended by whoever holds it). */
export interface OpenSpan extends SpanHandle {
  end(attrs?: Attrs): void;
}

/** How a span relates to the outside. */
export interface SpanOptions {
  /** server: handles a request from elsewhere; client: a request to elsewhere; default internal. */
  kind?: 'server' | 'client' | 'internal';
  /**
   * A carrier of W3C trace context (`traceparent`, `tracestate`), such as a request's `_meta`:
   * when it holds a valid `traceparent`, the span continues that trace (the current context is
   * kept as a link).
   */
  parent?: Record<string, unknown>;
}

/** What tracing-setup.ts installs. */
export interface TracingBackend {
  traced<T>(name: string, attrs: Attrs, fn: (s: SpanHandle) => Promise<T>, o?: SpanOptions): Promise<T>;
  tracedSync<T>(name: string, attrs: Attrs, fn: (s: SpanHandle) => T, o?: SpanOptions): T;
  open(name: string, attrs: Attrs, o?: SpanOptions): OpenSpan;
  /** Writes the current context's `traceparent` (and `tracestate`) into `carrier`. */
  inject(carrier: Record<string, unknown>): void;
}

const NOOP: OpenSpan = { set() {}, rename() {}, fail() {}, end() {} };
let backend: TracingBackend | undefined;

/** Installs (or, with undefined, removes) the backend; spans made afterwards go to it. */
export function installTracing(b: TracingBackend | undefined): void {
  backend = b;
}

/** True while spans are recorded. */
export function tracingEnabled(): boolean {
  return backend !== undefined;
}

/** Runs `fn` inside a span that becomes the current one (children and injected context follow it). */
export function traced<T>(name: string, attrs: Attrs, fn: (s: SpanHandle) => Promise<T>, o?: SpanOptions): Promise<T> {
  return backend ? backend.traced(name, attrs, fn, o) : fn(NOOP);
}

/** Synchronous twin of traced. */
export function tracedSync<T>(name: string, attrs: Attrs, fn: (s: SpanHandle) => T, o?: SpanOptions): T {
  return backend ? backend.tracedSync(name, attrs, fn, o) : fn(NOOP);
}

/** Starts a span that does not become current (for work that ends elsewhere, such as a streamed write). */
export function openSpan(name: string, attrs: Attrs, o?: SpanOptions): OpenSpan {
  return backend ? backend.open(name, attrs, o) : NOOP;
}

/**
 * Puts the current span's W3C trace context into a request's `_meta` (SEP-414: unprefixed
 * `traceparent` and `tracestate`), replacing any the caller sent. Does nothing while tracing is off,
 * so an upstream client's own trace context then passes through untouched.
 */
export function injectTraceContext(meta: Record<string, unknown>): void {
  if (!backend) return;
  delete meta.traceparent;
  delete meta.tracestate;
  backend.inject(meta);
}

/**
 * Whether the environment asks for traces: an OTLP endpoint is set (for all signals or for
 * traces), and neither OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none turns them off.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim() || (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  if (!endpoint) return false;
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  return (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() !== 'none';
}
