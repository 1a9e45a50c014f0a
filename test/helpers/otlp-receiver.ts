import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One exported span, flattened from OTLP/JSON. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
  links: Array<{ traceId: string; spanId: string }>;
}

/** One POST as it arrived. */
export interface ReceivedExport {
  path: string;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

function valueOf(v: OtlpValue): string | number | boolean {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  return JSON.stringify(v);
}

const attrs = (list: Array<{ key: string; value: OtlpValue }> | undefined) => Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

/**
 * An OTLP/HTTP trace receiver in the test process (a plain node:http server on 127.0.0.1):
 * accepts POST /v1/traces as JSON or protobuf, keeps every body, and flattens the JSON ones into
 * spans. Bodies over 8 MiB are refused.
 */
export async function startOtlpReceiver(): Promise<{
  endpoint: string;
  exports: ReceivedExport[];
  spans: () => ReceivedSpan[];
  waitForSpans: (pred: (s: ReceivedSpan[]) => boolean, ms?: number) => Promise<ReceivedSpan[]>;
  close: () => Promise<void>;
}> {
  const exports: ReceivedExport[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 8 * 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      exports.push({ path: req.url, contentType, headers: req.headers, body: Buffer.concat(chunks) });
      // An empty ExportTraceServiceResponse in the request's encoding.
      if (contentType.includes('json')) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const spans = (): ReceivedSpan[] =>
    exports
      .filter((e) => e.contentType.includes('json'))
      .flatMap((e) => {
        const doc = JSON.parse(e.body.toString('utf8')) as { resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: OtlpValue }> }; scopeSpans: Array<{ spans: Array<Record<string, unknown>> }> }> };
        return doc.resourceSpans.flatMap((rs) => {
          const service = String(attrs(rs.resource.attributes)['service.name']);
          return rs.scopeSpans.flatMap((ss) =>
            ss.spans.map((s) => ({
              service,
              traceId: s.traceId as string,
              spanId: s.spanId as string,
              parentSpanId: (s.parentSpanId as string | undefined) || undefined,
              name: s.name as string,
              kind: s.kind as number,
              attributes: attrs(s.attributes as Array<{ key: string; value: OtlpValue }>),
              status: (s.status ?? {}) as { code?: number; message?: string },
              links: ((s.links ?? []) as Array<{ traceId: string; spanId: string }>).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            })),
          );
        });
      });
  const waitForSpans = async (pred: (s: ReceivedSpan[]) => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!pred(spans())) {
      if (Date.now() > end) throw new Error(`spans not received in ${ms} ms; have: ${spans().map((s) => s.name).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return spans();
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports,
    spans,
    waitForSpans,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
