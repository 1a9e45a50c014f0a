import http from 'node:http';
import net from 'node:net';

/** What came back on a raw socket: the bytes as text, the status (0 = none), and how it ended. */
export interface RawAnswer {
  text: string;
  status: number;
  /** The parsed JSON body, when there was one. */
  json?: unknown;
  /** 'end' (the server closed cleanly), 'reset' (ECONNRESET/EPIPE), 'open' (still open when we stopped). */
  ended: 'end' | 'reset' | 'open';
}

/** Parses the first HTTP response in `text` (status, and a JSON body if complete). */
function parse(text: string): { status: number; json?: unknown; complete: boolean } {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!m) return { status: 0, complete: false };
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return { status: Number(m[1]), complete: false };
  const len = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head));
  const body = text.slice(head + 4);
  const complete = len ? Buffer.byteLength(body) >= Number(len[1]) : false;
  let json: unknown;
  if (complete) {
    try {
      json = JSON.parse(body.slice(0, Number(len![1])));
    } catch {
      json = undefined;
    }
  }
  return { status: Number(m[1]), json, complete };
}

/**
 * Sends `data` on a fresh TCP connection, ends our side (unless `keepOpen`), and collects what
 * comes back until the server closes, one full response has arrived (with `stopAtResponse`), or
 * `waitMs` passes.
 */
export function rawExchange(port: number, data: string | Buffer, o: { waitMs?: number; keepOpen?: boolean; stopAtResponse?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (ended: RawAnswer['ended']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const p = parse(text);
      resolve({ text, status: p.status, json: p.json, ended });
    };
    const timer = setTimeout(() => finish('open'), o.waitMs ?? 5000);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (o.stopAtResponse && parse(text).complete) finish('open');
    });
    socket.on('end', () => finish('end'));
    socket.on('error', () => finish('reset'));
    socket.on('close', () => finish('end'));
    socket.write(data, () => {
      if (!o.keepOpen) socket.end();
    });
  });
}

/** A POST of `bytes` zero bytes to `url`, with Content-Length or chunked; resolves with what the client saw. */
export function bigPost(url: string, bytes: number, o: { chunked?: boolean; expectContinue?: boolean; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    let error: string | undefined;
    let status = 0;
    let body = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status, body, error });
    };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...o.headers };
    if (!o.chunked) headers['content-length'] = String(bytes);
    if (o.expectContinue) headers.expect = '100-continue';
    const req = http.request(url, { method: 'POST', headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('error', (e) => (error ??= (e as NodeJS.ErrnoException).code ?? e.message));
    });
    // Settled when the connection is gone, so a reset after the answer is seen too.
    req.on('error', (e) => (error ??= (e as NodeJS.ErrnoException).code ?? e.message));
    req.on('close', () => setImmediate(finish));
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    if (o.expectContinue) req.once('continue', pump);
    else pump();
    if (o.expectContinue) req.flushHeaders();
  });
}
