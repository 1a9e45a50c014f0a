import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat request as the model endpoint received it. */
export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content?: string | null; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  [k: string]: unknown;
}

/** What the scripted model answers to one request. */
export interface Reply {
  toolCalls?: Array<{ name: string; arguments: unknown }>;
  content?: string;
  /** An HTTP error instead of an answer. */
  status?: number;
  headers?: Record<string, string>;
}

export type Turn = Reply | ((req: ChatRequest, n: number) => Reply);

/**
 * A small OpenAI-compatible chat completions server on 127.0.0.1, the one stand-in allowed in
 * tests: it answers each request with the next scripted turn (or a function of the request) and
 * records every request body, so tests can check what the model was (and was not) sent.
 */
export async function startFakeLlm(script: Turn[] | ((req: ChatRequest, n: number) => Reply)) {
  const requests: ChatRequest[] = [];
  const rawBodies: string[] = [];
  let n = 0;
  let callId = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      rawBodies.push(body);
      const i = n++;
      const turn = typeof script === 'function' ? script : script[Math.min(i, script.length - 1)];
      const reply = typeof turn === 'function' ? turn(parsed, i) : turn!;
      if (reply.status) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify({ error: { message: `scripted ${reply.status}`, type: 'scripted' } }));
        return;
      }
      const toolCalls = reply.toolCalls?.map((c) => ({ id: `call_${++callId}`, type: 'function', function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) } }));
      const promptTokens = Math.ceil(body.length / 4);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${i}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [{ index: 0, finish_reason: toolCalls ? 'tool_calls' : 'stop', message: { role: 'assistant', content: reply.content ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) } }],
          usage: { prompt_tokens: promptTokens, completion_tokens: 10, total_tokens: promptTokens + 10 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    rawBodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The last tool or user message of a request, parsed as JSON when it is. */
export function lastResult(req: ChatRequest): Record<string, unknown> {
  const m = req.messages[req.messages.length - 1]!;
  const text = String(m.content ?? '');
  const json = text.slice(text.indexOf('{'));
  return JSON.parse(m.role === 'tool' ? text : json);
}

/** Runs `fn` with a scripted model server, closing it afterwards whatever happens. */
export async function withFakeLlm<T>(script: Parameters<typeof startFakeLlm>[0], fn: (llm: Awaited<ReturnType<typeof startFakeLlm>>) => Promise<T>): Promise<T> {
  const llm = await startFakeLlm(script);
  try {
    return await fn(llm);
  } finally {
    await llm.close();
  }
}
