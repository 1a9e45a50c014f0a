import type { Socket } from 'node:net';

/**
 * Reads newline-delimited JSON from a socket with a bound on each line: a line longer than
 * `maxBytes` (or a peer that never sends a newline) ends with `onError`, never with unbounded memory.
 */
export function readJsonLines(socket: Socket, maxBytes: number, onLine: (value: unknown) => void, onError: (message: string) => void): void {
  let chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  socket.on('data', (data: Buffer) => {
    if (failed) return;
    let start = 0;
    for (;;) {
      const nl = data.indexOf(10, start);
      const part = data.subarray(start, nl < 0 ? data.length : nl);
      size += part.length;
      if (size > maxBytes) {
        failed = true;
        chunks = [];
        onError(`message over ${maxBytes} bytes`);
        return;
      }
      if (nl < 0) {
        if (part.length) chunks.push(part);
        return;
      }
      chunks.push(part);
      const text = Buffer.concat(chunks).toString('utf8');
      chunks = [];
      size = 0;
      start = nl + 1;
      if (text.trim()) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          failed = true;
          onError('a message is not valid JSON');
          return;
        }
        onLine(value);
      }
    }
  });
}
