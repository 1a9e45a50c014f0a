import type { IncomingMessage } from 'node:http';

/** A request body read under a size cap: parsed JSON, or why not. */
export type BodyResult = { ok: true; body: unknown } | { ok: false; status: 400 | 413; message: string };

/** The answer to a body over `max` bytes. */
export function tooLargeMessage(max: number): string {
  return `request body over the limit of ${max} bytes`;
}

/** True when the request declares (Content-Length) a body over `max` bytes. */
export function declaredTooLarge(req: IncomingMessage, max: number): boolean {
  const len = req.headers['content-length'];
  return len !== undefined && Number(len) > max;
}

/**
 * Reads a JSON request body of at most `max` bytes. A declared Content-Length over the cap is
 * refused before reading; a chunked body stops being kept once it passes the cap (the caller
 * answers 413 and drains the rest). Never rejects.
 */
export function readJsonBody(req: IncomingMessage, max: number): Promise<BodyResult> {
  if (declaredTooLarge(req, max)) return Promise.resolve({ ok: false, status: 413, message: tooLargeMessage(max) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (r: BodyResult) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (!r.ok) req.pause(); // the caller decides what to do with the rest
      resolve(r);
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > max) {
        chunks.length = 0;
        done({ ok: false, status: 413, message: tooLargeMessage(max) });
      } else chunks.push(c);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return done({ ok: false, status: 400, message: 'request body is empty: send a JSON-RPC message' });
      try {
        done({ ok: true, body: JSON.parse(text) });
      } catch {
        done({ ok: false, status: 400, message: 'request body is not valid JSON' });
      }
    };
    const onError = () => done({ ok: false, status: 400, message: 'request body could not be read (the client went away)' });
    const onClose = () => {
      if (!req.complete) onError();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
