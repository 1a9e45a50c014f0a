import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { injectTraceContext, tracingEnabled, tracingRequested } from '../src/util/tracing.js';
import { runCliAsync } from './helpers/cli.js';
import { startFakeLlm } from './helpers/fake-llm.js';
import { startOtlpReceiver, type ReceivedSpan } from './helpers/otlp-receiver.js';
import { startHttpProxy } from './helpers/proxy-process.js';
import { tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS } from './helpers/servers.js';

/** Values that must never reach a collector. */
const ENV_SECRET = 'env-secret-value-9911';
const ARG_SECRET = 'hunter2-arg-secret-77';
const COLLECTOR_KEY = 'collector-secret-4242';
const TOKEN = 'proxy-token-secret-5150';
const MCP = `mcp=[(cmd: '${SERVERS.crashy}', env: (API_TOKEN: '${ENV_SECRET}'))]`;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const UPSTREAM_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const UPSTREAM_SPAN = '00f067aa0ba902b7';
const PROBE = pathToFileURL(path.join(ROOT, 'test/fixtures/otel-modules-probe.mjs')).href;

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const otel = (endpoint: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', ...extra });
const one = (spans: ReceivedSpan[], pred: (s: ReceivedSpan) => boolean, what: string): ReceivedSpan => {
  const found = spans.filter(pred);
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${found.length}: ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
};
/** The _meta the crashy server's `meta` tool echoed, read from the spill file it was written to. */
const echoedMeta = (resultFile: string) => JSON.parse(readFileSync(resultFile, 'utf8')) as Record<string, unknown>;
/** Everything the collector received, as text (protobuf strings are plain UTF-8 inside). */
const allBodies = () => receiver!.exports.map((e) => e.body.toString('latin1')).join('\n');
const modulesLoaded = (stderr: string): string[] => {
  const m = /otel-modules: (\[.*\])/.exec(stderr);
  if (!m) throw new Error(`no probe line in: ${stderr}`);
  return JSON.parse(m[1]!) as string[];
};

describe('tracing with mini-a dispatch=', () => {
  it('exports request → dispatch → downstream call and spill, sends traceparent in _meta, continues TRACEPARENT, exports no secret', async () => {
    receiver = await startOtlpReceiver();
    const dir = tempDir();
    const lines = [
      { action: 'call', tool: 'meta', resultToFile: true },
      { action: 'call', tool: 'mirror', arguments: { password: ARG_SECRET }, resultToFile: true },
      { action: 'call', tool: 'no-such-tool' },
      { action: 'batch', calls: [{ tool: 'ok', arguments: { text: 'a' } }, { tool: 'ok', arguments: { text: 'b' } }] },
      { action: 'run', code: "return await mcp.call('ok', { text: 'c' });" },
    ].map((l) => JSON.stringify(l));
    const r = await runCliAsync(['dispatch=-', MCP, `spilldir=${dir}`], {
      input: lines.join('\n') + '\n',
      env: otel(receiver.endpoint, { OTEL_EXPORTER_OTLP_HEADERS: `x-collector-key=${COLLECTOR_KEY}`, TRACEPARENT: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01` }),
    });
    expect(r.code, r.stderr).toBe(1); // the third request fails
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { resultFile?: string; isError?: boolean });
    const meta = echoedMeta(out[0]!.resultFile!);
    const [, traceId, parentId] = TRACEPARENT.exec(String(meta.traceparent))!;

    // The process flushed its spans before it exited.
    const spans = receiver.spans();
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['mini-a']));
    const roots = spans.filter((s) => s.name === 'mini-a dispatch');
    expect(roots).toHaveLength(5);
    for (const root of roots) {
      expect(root.traceId).toBe(UPSTREAM_TRACE);
      expect(root.parentSpanId).toBe(UPSTREAM_SPAN);
    }
    expect(traceId).toBe(UPSTREAM_TRACE);
    const dispatch = one(spans, (s) => s.name === 'dispatch call' && s.attributes['gen_ai.tool.name'] === 'meta', 'dispatch of meta');
    expect(roots.map((x) => x.spanId)).toContain(dispatch.parentSpanId);
    expect(dispatch.attributes).toMatchObject({ 'mini_a.dispatch.action': 'call', 'mini_a.connection': 'c1', 'mini_a.result.spilled': true });
    const call = one(spans, (s) => s.name === 'tools/call meta', 'downstream call');
    expect(call.parentSpanId).toBe(dispatch.spanId);
    expect(call.kind).toBe(3); // client
    expect(call.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'meta', 'mini_a.connection': 'c1', 'mini_a.server': 'crashy' });
    // The server got the downstream call's own span as its parent.
    expect(call.spanId).toBe(parentId);
    const spill = one(spans, (s) => s.name === 'spill' && s.parentSpanId === dispatch.spanId, 'spill of meta');
    expect(spill.attributes['mini_a.spill.file']).toBe(path.basename(out[0]!.resultFile!));
    expect(spill.attributes['mini_a.spill.bytes']).toBe(statSync(out[0]!.resultFile!).size);

    const failed = one(spans, (s) => s.name === 'dispatch call' && s.attributes['gen_ai.tool.name'] === 'no-such-tool', 'failed dispatch');
    expect(failed.status.code).toBe(2); // error
    expect(failed.attributes['error.type']).toBe('dispatch_error');
    expect(failed.status.message).toContain('no-such-tool');

    // Batch and code mode: each downstream call is a span under its dispatch.
    const batch = one(spans, (s) => s.name === 'dispatch batch', 'dispatch batch');
    const code = one(spans, (s) => s.name === 'dispatch run', 'dispatch run');
    const okCalls = spans.filter((s) => s.name === 'tools/call ok');
    expect(okCalls.filter((s) => s.parentSpanId === batch.spanId)).toHaveLength(2);
    expect(okCalls.filter((s) => s.parentSpanId === code.spanId)).toHaveLength(1);

    // The collector's header went as a header; no secret, argument, spilled data or spill directory in any span.
    expect(receiver.exports.every((e) => e.headers['x-collector-key'] === COLLECTOR_KEY)).toBe(true);
    const text = allBodies();
    for (const secret of [ENV_SECRET, ARG_SECRET, COLLECTOR_KEY, dir]) expect(text).not.toContain(secret);
  });

  it('sends protobuf by default (only that exporter loaded): the trace and span ids the server saw are in the export', async () => {
    receiver = await startOtlpReceiver();
    const dir = tempDir();
    const r = await runCliAsync(['dispatch={"action":"call","tool":"meta","resultToFile":true}', MCP, `spilldir=${dir}`], {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, NODE_OPTIONS: `--import=${PROBE}` },
    });
    expect(r.code, r.stderr).toBe(0);
    const [, traceId, spanId] = TRACEPARENT.exec(String(echoedMeta(JSON.parse(r.stdout).resultFile).traceparent))!;
    expect(receiver.exports.length).toBeGreaterThan(0);
    expect(receiver.exports.every((e) => e.contentType === 'application/x-protobuf' && e.path === '/v1/traces')).toBe(true);
    const body = Buffer.concat(receiver.exports.map((e) => e.body));
    // Ids travel as raw bytes, names as UTF-8 strings.
    expect(body.includes(Buffer.from(traceId!, 'hex'))).toBe(true);
    expect(body.includes(Buffer.from(spanId!, 'hex'))).toBe(true);
    for (const name of ['mini-a dispatch', 'dispatch call', 'tools/call meta', 'spill']) expect(body.includes(Buffer.from(name))).toBe(true);
    expect(body.includes(Buffer.from(ENV_SECRET))).toBe(false);
    const loaded = modulesLoaded(r.stderr);
    expect(loaded).toContain('@opentelemetry/sdk-trace');
    expect(loaded).toContain('@opentelemetry/exporter-trace-otlp-proto');
    expect(loaded).not.toContain('@opentelemetry/exporter-trace-otlp-http');
  });
});

describe('tracing with mini-a-proxy', () => {
  it('over stdio: an upstream _meta.traceparent is continued (request → dispatch → downstream → spill) and passed on with its tracestate', async () => {
    receiver = await startOtlpReceiver();
    const dir = tempDir();
    const c = new Client({ name: 'trace-test', version: '1' });
    await c.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN.miniAProxy, MCP, `spilldir=${dir}`],
        cwd: ROOT,
        env: { ...(process.env as Record<string, string>), ...(otel(receiver.endpoint) as Record<string, string>) },
        stderr: 'ignore',
      }),
    );
    let file: string;
    try {
      const upstream = { traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01`, tracestate: 'vendor=opaque7' };
      const res = await c.callTool({ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'meta', resultToFile: true }, _meta: upstream });
      file = (JSON.parse((res.content as Array<{ text: string }>)[0]!.text) as { resultFile: string }).resultFile;
      // A call without trace context starts a trace of its own.
      await c.callTool({ name: 'proxy-dispatch', arguments: { action: 'list' } });
    } finally {
      await c.close(); // the proxy sends its last spans as it shuts down
    }
    const spans = await receiver.waitForSpans((s) => s.some((x) => x.name === 'dispatch list'));
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['mini-a-proxy']));
    const meta = echoedMeta(file);
    const [, traceId, parentId] = TRACEPARENT.exec(String(meta.traceparent))!;
    expect(traceId).toBe(UPSTREAM_TRACE);
    expect(meta.tracestate).toBe('vendor=opaque7');

    const request = one(spans, (s) => s.name === 'tools/call proxy-dispatch' && s.traceId === UPSTREAM_TRACE, 'continued request');
    expect(request.kind).toBe(2); // server
    expect(request.parentSpanId).toBe(UPSTREAM_SPAN);
    expect(request.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'proxy-dispatch', 'network.transport': 'pipe' });
    const dispatch = one(spans, (s) => s.name === 'dispatch call', 'dispatch');
    expect(dispatch.parentSpanId).toBe(request.spanId);
    const call = one(spans, (s) => s.name === 'tools/call meta', 'downstream call');
    expect(call.parentSpanId).toBe(dispatch.spanId);
    expect(call.spanId).toBe(parentId);
    const spill = one(spans, (s) => s.name === 'spill', 'spill');
    expect(spill.parentSpanId).toBe(dispatch.spanId);
    expect(spill.attributes['mini_a.spill.file']).toBe(path.basename(file));
    for (const s of [dispatch, call, spill]) expect(s.traceId).toBe(UPSTREAM_TRACE);

    const list = one(spans, (s) => s.name === 'dispatch list', 'dispatch list');
    const listRequest = spans.find((s) => s.spanId === list.parentSpanId)!;
    expect(listRequest.name).toBe('tools/call proxy-dispatch');
    expect(listRequest.parentSpanId).toBeUndefined();
    expect(listRequest.traceId).not.toBe(UPSTREAM_TRACE);
    const text = allBodies();
    for (const secret of [ENV_SECRET, dir]) expect(text).not.toContain(secret);
  });

  it('over HTTP (transparent): POST span continues a traceparent header, the MCP request and the downstream call nest in it; the token is never exported', async () => {
    receiver = await startOtlpReceiver();
    const p = await startHttpProxy([MCP, 'mode=transparent', `token=${TOKEN}`], { env: otel(receiver.endpoint) });
    const c = new Client({ name: 'trace-test', version: '1' });
    try {
      const headers = { Authorization: `Bearer ${TOKEN}`, traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01` };
      await c.connect(new StreamableHTTPClientTransport(new URL(p.url), { requestInit: { headers } }));
      const res = await c.callTool({ name: 'crashy__meta', arguments: {} });
      const meta = JSON.parse((res.content as Array<{ text: string }>)[0]!.text) as Record<string, unknown>;
      expect(String(meta.traceparent)).toMatch(TRACEPARENT);
      await c.close();
    } finally {
      p.child.kill('SIGTERM'); // shutdown sends the last spans
      await p.exited;
    }
    const spans = receiver.spans();
    const request = one(spans, (s) => s.name === 'tools/call crashy__meta', 'MCP request');
    expect(request.kind).toBe(2);
    expect(request.attributes['network.transport']).toBe('tcp');
    const post = spans.find((s) => s.spanId === request.parentSpanId)!;
    expect(post.name).toBe('POST /mcp');
    expect(post.parentSpanId).toBe(UPSTREAM_SPAN);
    expect(post.traceId).toBe(UPSTREAM_TRACE);
    expect(post.attributes['http.response.status_code']).toBe(200);
    const call = one(spans, (s) => s.name === 'tools/call meta', 'downstream call');
    expect(call.parentSpanId).toBe(request.spanId);
    const text = allBodies();
    for (const secret of [TOKEN, ENV_SECRET]) expect(text).not.toContain(secret);
  });
});

describe('tracing in the agent', () => {
  it('a goal is one trace: run → step → model request and dispatch → downstream call; no goal, message or key exported', async () => {
    receiver = await startOtlpReceiver();
    const llm = await startFakeLlm([{ toolCalls: [{ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'meta' } }] }, { content: 'the answer is 42' }]);
    try {
      const r = await runCliAsync(['goal=find the secret-goal-words', MCP, 'usetools=true', 'quiet=true'], {
        env: { OPENAI_API_KEY: 'sk-test-tracing-key-31337', OPENAI_BASE_URL: llm.url, ...otel(receiver.endpoint) },
      });
      expect(r.code, r.stderr).toBe(0);
    } finally {
      await llm.close();
    }
    const spans = receiver.spans();
    const run = one(spans, (s) => s.name === 'agent run', 'agent run');
    expect(run.parentSpanId).toBeUndefined();
    expect(run.attributes['mini_a.agent.steps']).toBe(2);
    const steps = spans.filter((s) => s.name === 'agent step');
    expect(steps.map((s) => s.parentSpanId)).toEqual([run.spanId, run.spanId]);
    const chats = spans.filter((s) => s.name.startsWith('chat '));
    expect(chats).toHaveLength(2);
    expect(new Set(chats.map((s) => s.parentSpanId))).toEqual(new Set(steps.map((s) => s.spanId)));
    const dispatch = one(spans, (s) => s.name === 'dispatch call', 'dispatch');
    const step1 = steps.find((s) => s.attributes['mini_a.agent.step'] === 1)!;
    expect(dispatch.parentSpanId).toBe(step1.spanId);
    expect(one(spans, (s) => s.name === 'tools/call meta', 'downstream call').parentSpanId).toBe(dispatch.spanId);
    const text = allBodies();
    for (const secret of ['sk-test-tracing-key-31337', 'secret-goal-words', 'the answer is 42', ENV_SECRET]) expect(text).not.toContain(secret);
  });
});

describe('tracing off', () => {
  it('without an endpoint nothing of OpenTelemetry is loaded and no traceparent is sent; --version loads none even with one', async () => {
    const r = await runCliAsync(['dispatch={"action":"call","tool":"meta"}', MCP], { env: { NODE_OPTIONS: `--import=${PROBE}`, OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' } });
    expect(r.code, r.stderr).toBe(0);
    const echoed = JSON.parse((JSON.parse(r.stdout) as { content: Array<{ text: string }> }).content[0]!.text) as Record<string, unknown> | null;
    expect(echoed?.traceparent).toBeUndefined();
    expect(modulesLoaded(r.stderr)).toEqual([]);
    const v = await runCliAsync(['--version'], { env: { NODE_OPTIONS: `--import=${PROBE}`, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } });
    expect(v.code).toBe(0);
    expect(modulesLoaded(v.stderr)).toEqual([]);
  });

  it('OTEL_SDK_DISABLED=true turns an endpoint off: nothing is exported', async () => {
    receiver = await startOtlpReceiver();
    const r = await runCliAsync(['dispatch={"action":"call","tool":"meta"}', MCP], { env: otel(receiver.endpoint, { OTEL_SDK_DISABLED: 'true', NODE_OPTIONS: `--import=${PROBE}` }) });
    expect(r.code, r.stderr).toBe(0);
    expect(receiver.exports).toEqual([]);
    expect(modulesLoaded(r.stderr)).toEqual([]);
  });

  it('an endpoint that is not an http(s) URL, or a protocol other than http/protobuf and http/json: one warning, no tracing, the request still answered', async () => {
    for (const [env, says] of [
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost 4318' }, 'is not a URL'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, "OTEL_EXPORTER_OTLP_PROTOCOL='grpc' is not supported"],
    ] as const) {
      const r = await runCliAsync(['dispatch={"action":"call","tool":"meta"}', MCP], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(says);
      expect(r.stderr).toContain('tracing is off');
      const echoed = JSON.parse((JSON.parse(r.stdout) as { content: Array<{ text: string }> }).content[0]!.text) as Record<string, unknown> | null;
      expect(echoed?.traceparent).toBeUndefined();
    }
  });

  it('the facade: asked for only with an endpoint; while off, a caller’s trace context passes through untouched', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingEnabled()).toBe(false);
    const meta = { traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01`, tracestate: 'a=b' };
    injectTraceContext(meta);
    expect(meta).toEqual({ traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01`, tracestate: 'a=b' });
  });
});
