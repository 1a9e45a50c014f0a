/**
 * The OpenTelemetry SDK behind the tracing facade, loaded only when the environment asks for
 * traces (see tracingRequested). Spans go in batches to an OTLP/HTTP endpoint, as protobuf
 * (`http/protobuf`, the default) or JSON (`http/json`); endpoint, headers, timeout and
 * compression are the exporter's standard OTEL_EXPORTER_OTLP_* variables. Every string attribute
 * passes through redact; no process command line or environment becomes a resource attribute.
 */
import {
  context,
  diag,
  DiagLogLevel,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanOptions as OtelSpanOptions,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { errorMessage } from './errors.js';
import { onShutdown } from './lifecycle.js';
import { log } from './log.js';
import { redact, registerSecret } from './redact.js';
import { installTracing, tracingRequested, type Attrs, type OpenSpan, type SpanHandle, type SpanOptions, type TracingBackend } from './tracing.js';

/** Longest attribute value kept (longer ones are cut; the SDK enforces it too). */
const MAX_ATTR = 1024;
/** Longest status message. */
const MAX_STATUS = 300;
/** Carrier values longer than these are not trace context (W3C: traceparent is 55 characters, tracestate at most 512). */
const MAX_TRACEPARENT = 256;
const MAX_TRACESTATE = 512;
/** How long shutdown waits for the last spans to be sent. */
const FLUSH_MS = 3000;

const KIND = { server: SpanKind.SERVER, client: SpanKind.CLIENT, internal: SpanKind.INTERNAL } as const;

/** Attributes as exported: undefined dropped, strings redacted and cut. */
function clean(attrs: Attrs): Attributes {
  const out: Attributes = {};
  for (const k of Object.keys(attrs)) {
    const v = attrs[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? redact(v).slice(0, MAX_ATTR) : v;
  }
  return out;
}

/** A span's handle; `failedYet` tells whether the work already marked it failed. */
function handleOf(span: Span): SpanHandle & { failedYet(): boolean } {
  let failedYet = false;
  return {
    failedYet: () => failedYet,
    set: (a) => span.setAttributes(clean(a)),
    rename: (name) => span.updateName(redact(name).slice(0, 200)),
    fail: (type, message) => {
      failedYet = true;
      span.setAttribute('error.type', redact(type).slice(0, 100));
      span.setStatus({ code: SpanStatusCode.ERROR, ...(message ? { message: redact(message).slice(0, MAX_STATUS) } : {}) });
    },
  };
}

/** A thrown error as the span's status, unless the work already said why it failed. */
function failed(e: unknown, h: SpanHandle & { failedYet(): boolean }): void {
  if (h.failedYet()) return;
  h.fail(e instanceof Error ? e.name || 'Error' : typeof e, errorMessage(e));
}

/** Reads only the two W3C keys, and only as bounded strings: a `_meta` is whatever a client sent. */
const getter: TextMapGetter<Record<string, unknown>> = {
  keys: () => ['traceparent', 'tracestate'],
  get: (carrier, key) => {
    const v = carrier[key];
    const max = key === 'traceparent' ? MAX_TRACEPARENT : key === 'tracestate' ? MAX_TRACESTATE : 0;
    return typeof v === 'string' && v.length <= max ? v : undefined;
  },
};

const setter: TextMapSetter<Record<string, unknown>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** The SDK wired up: the backend to install, and how to end it. */
export interface TracingHandle {
  backend: TracingBackend;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops (bounded). */
  shutdown(): Promise<void>;
  /** Switches tracing off in this process (facade and async context) until resume(); for measurements. */
  suspend(): void;
  /** Switches it back on. */
  resume(): void;
}

/** Reports the SDK's own problems (an unreachable collector, say) once as a warning, then at debug level. */
function routeDiagnostics(): void {
  let warned = false;
  const say = (m: string, args: unknown[]) => {
    // Errors arrive as Errors or as plain copies of them: their message says enough (no stacks).
    const said = (a: unknown) => (typeof a === 'string' ? a : typeof (a as { message?: unknown } | null)?.message === 'string' ? (a as { message: string }).message : safeJson(a));
    // First lines only: some messages carry a stack.
    const parts = [m, ...args.map(said)].map((x) => x.split('\n', 1)[0]);
    const text = redact(`tracing: ${parts.join(' ')}`).slice(0, 500);
    if (warned) return log.debug(text);
    warned = true;
    log.warn(`${text} (later tracing problems are logged at debug level)`);
  };
  const quiet = () => {};
  diag.setLogger({ error: (m, ...a) => say(m, a), warn: (m, ...a) => say(m, a), info: quiet, debug: quiet, verbose: quiet }, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 300) ?? String(v);
  } catch {
    return String(v);
  }
}

/** A whole number from the environment, or undefined (with a warning when it is set but not one). */
function envInt(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const raw = (env[name] ?? '').trim();
  if (!raw) return undefined;
  if (raw.length <= 9 && /^[0-9]+$/.test(raw) && Number(raw) >= min) return Number(raw);
  log.warn(`tracing: ${name}='${raw.slice(0, 40)}' is not a whole number ≥ ${min}; using the default`);
  return undefined;
}

/** OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default parentbased_always_on). */
function samplerFromEnv(env: NodeJS.ProcessEnv): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? '').trim().toLowerCase() || 'parentbased_always_on';
  const rawArg = (env.OTEL_TRACES_SAMPLER_ARG ?? '').trim();
  const arg = rawArg ? Number(rawArg) : 1;
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  if (rawArg && ratio !== arg) log.warn(`tracing: OTEL_TRACES_SAMPLER_ARG='${rawArg.slice(0, 40)}' is not a ratio in [0, 1]; using 1`);
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    default:
      log.warn(`tracing: OTEL_TRACES_SAMPLER='${name.slice(0, 40)}' is not supported; using parentbased_always_on`);
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** Header values for the collector are secrets: scrubbed from every log line and error from now on. */
function registerHeaderSecrets(env: NodeJS.ProcessEnv): void {
  for (const name of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS']) {
    for (const pair of (env[name] ?? '').split(',')) {
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const key = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      registerSecret(value, `auth ${key}`);
      try {
        registerSecret(decodeURIComponent(value), `auth ${key}`);
      } catch {
        // Not URL-encoded: the raw value is registered already.
      }
    }
  }
}

/** The endpoint the exporter will use, checked (a bad one would make the exporter fall back to localhost). */
function checkedEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  const raw = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim() || (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    log.warn(`tracing: the OTLP endpoint '${redact(raw).slice(0, 100)}' is not a URL; tracing is off`);
    return undefined;
  }
  if (u.password) registerSecret(decodeURIComponent(u.password), 'password');
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    log.warn(`tracing: the OTLP endpoint must be http:// or https:// (OTLP over HTTP), not ${u.protocol}; tracing is off`);
    return undefined;
  }
  return raw;
}

/** The exporter for OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL; only that one is loaded. */
async function exporterFromEnv(env: NodeJS.ProcessEnv): Promise<SpanExporter | undefined> {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? '').trim() || (env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim() || 'http/protobuf';
  if (protocol === 'http/protobuf') return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  log.warn(`tracing: OTEL_EXPORTER_OTLP_PROTOCOL='${protocol.slice(0, 40)}' is not supported (use http/protobuf or http/json); tracing is off`);
  return undefined;
}

/**
 * Builds the SDK from the environment: provider, batch processor, exporter, W3C propagator and
 * async context. Undefined (with a warning) when the settings cannot work. Sets the API's globals.
 */
export async function setUpTracing(serviceName: string, version: string): Promise<TracingHandle | undefined> {
  // The exporter reads its settings from process.env itself; so does everything here.
  const env = process.env;
  if (!tracingRequested(env)) return undefined;
  routeDiagnostics();
  registerHeaderSecrets(env);
  if (!checkedEndpoint(env)) return undefined;
  const exporter = await exporterFromEnv(env);
  if (!exporter) return undefined;
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': serviceName, 'service.version': version }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, as the user set them (no process or host detectors: no command lines).
    .merge(detectResources({ detectors: [envDetector] }));
  const queue = envInt(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 1);
  const batch = envInt(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 1);
  const processor = new BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: envInt(env, 'OTEL_BSP_SCHEDULE_DELAY', 0),
    exportTimeoutMillis: envInt(env, 'OTEL_BSP_EXPORT_TIMEOUT', 1),
    maxQueueSize: queue,
    maxExportBatchSize: batch !== undefined ? Math.min(batch, queue ?? 2048) : undefined,
  });
  const provider = new TracerProvider({ resource, sampler: samplerFromEnv(env), spanProcessors: [processor], spanLimits: { attributeValueLengthLimit: MAX_ATTR, attributeCountLimit: 64 } });
  const propagator = new W3CTraceContextPropagator();
  const contextManager = new AsyncLocalStorageContextManager();
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(propagator);
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer(serviceName, version);

  /** Parent context and links of a new span: a valid remote parent from the carrier wins; the current context becomes a link. */
  const start = (o?: SpanOptions): { ctx: Context; options: OtelSpanOptions } => {
    const active = context.active();
    const options: OtelSpanOptions = { kind: KIND[o?.kind ?? 'internal'] };
    if (!o?.parent) return { ctx: active, options };
    const remote = propagator.extract(ROOT_CONTEXT, o.parent, getter);
    const sc = trace.getSpanContext(remote);
    if (!sc || !isSpanContextValid(sc)) return { ctx: active, options };
    const current = trace.getSpanContext(active);
    const links: Link[] = current && isSpanContextValid(current) ? [{ context: current }] : [];
    return { ctx: remote, options: { ...options, links } };
  };

  const backend: TracingBackend = {
    traced(name, attrs, fn, o) {
      const { ctx, options } = start(o);
      return tracer.startActiveSpan(name, { ...options, attributes: clean(attrs) }, ctx, async (span) => {
        const h = handleOf(span);
        try {
          return await fn(h);
        } catch (e) {
          failed(e, h);
          throw e;
        } finally {
          span.end();
        }
      });
    },
    tracedSync(name, attrs, fn, o) {
      const { ctx, options } = start(o);
      return tracer.startActiveSpan(name, { ...options, attributes: clean(attrs) }, ctx, (span) => {
        const h = handleOf(span);
        try {
          return fn(h);
        } catch (e) {
          failed(e, h);
          throw e;
        } finally {
          span.end();
        }
      });
    },
    open(name, attrs, o): OpenSpan {
      const { ctx, options } = start(o);
      const span = tracer.startSpan(name, { ...options, attributes: clean(attrs) }, ctx);
      const h = handleOf(span);
      return {
        set: h.set,
        rename: h.rename,
        fail: h.fail,
        end: (a) => {
          if (a) h.set(a);
          span.end();
        },
      };
    },
    inject(carrier) {
      propagator.inject(context.active(), carrier, setter);
    },
  };
  let stopped: Promise<void> | undefined;
  let suspended = false;
  return {
    backend,
    flush: () => provider.forceFlush({ timeoutMillis: FLUSH_MS }),
    shutdown: () => (stopped ??= bounded(provider.shutdown(), FLUSH_MS)),
    suspend: () => {
      if (!suspended) context.disable();
      suspended = true;
      installTracing(undefined);
    },
    resume: () => {
      if (suspended) context.setGlobalContextManager(contextManager.enable());
      suspended = false;
      installTracing(backend);
    },
  };
}

/** Settles when `p` does or after `ms`, whichever is first (a hung collector must not hold up exit). */
async function bounded(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([p.catch((e) => log.debug(`tracing: shutdown: ${redact(errorMessage(e))}`)), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts tracing for this process when the environment asks for it; the last spans are sent at shutdown. */
export async function startTracing(serviceName: string, version: string): Promise<boolean> {
  const handle = await setUpTracing(serviceName, version);
  if (!handle) return false;
  installTracing(handle.backend);
  onShutdown(() => handle.shutdown());
  log.debug(`tracing: spans of ${serviceName} go to the OTLP endpoint`);
  return true;
}
