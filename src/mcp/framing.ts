/**
 * Message framing on a stdio stream. MCP stdio is newline-delimited JSON, but some servers and
 * clients (LSP heritage) frame each message with `Content-Length: N` headers instead. The decoder
 * detects the framing of each message on the stream, so both work, and remembers which one it saw
 * last so that a transport can answer in kind. Each byte is looked at a constant number of times
 * (no re-scanning of partial lines), and memory is bounded by `maxMessageBytes`.
 */

/** How messages are delimited on a byte stream. */
export type Framing = 'ndjson' | 'content-length';

/** What the decoder hands on. */
export interface FrameSink {
  /** A complete message body (not yet parsed). */
  message(text: string, framing: Framing): void;
  /** A line that is not a message (noise on stdout), or a framing problem in words. */
  noise(line: string): void;
}

const CR = 0x0d;
const LF = 0x0a;
const HEADER = 'content-length:';

/** Incremental decoder of newline-delimited or Content-Length framed messages. */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private pendingLen = 0;
  /** Body bytes expected for a Content-Length frame, or -1 while reading lines. */
  private bodyLen = -1;
  /** Inside a header block: the length read so far (-1: none yet). */
  private headerLen: number | undefined;
  /** Dropping the rest of an over-long line. */
  private dropping = false;
  /** Framing of the last message seen. */
  last?: Framing;

  constructor(
    private readonly sink: FrameSink,
    private readonly maxMessageBytes = 256 * 1024 * 1024,
  ) {}

  /** Feeds bytes from the stream. */
  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLen >= 0) {
        const need = this.bodyLen - this.pendingLen;
        const take = Math.min(need, chunk.length - at);
        this.pending.push(chunk.subarray(at, at + take));
        this.pendingLen += take;
        at += take;
        if (this.pendingLen === this.bodyLen) {
          const body = Buffer.concat(this.pending, this.pendingLen).toString('utf8');
          this.reset();
          this.bodyLen = -1;
          this.last = 'content-length';
          this.sink.message(body, 'content-length');
        }
        continue;
      }
      const nl = chunk.indexOf(LF, at);
      if (nl === -1) {
        const rest = chunk.subarray(at);
        if (!this.dropping) {
          this.pending.push(rest);
          this.pendingLen += rest.length;
          if (this.pendingLen > this.maxMessageBytes) {
            this.sink.noise(`a message longer than ${this.maxMessageBytes} bytes without a line end; dropped`);
            this.reset();
            this.dropping = true;
          }
        }
        return;
      }
      const piece = chunk.subarray(at, nl);
      at = nl + 1;
      if (this.dropping) {
        this.dropping = false;
        continue;
      }
      let bytes = this.pendingLen ? Buffer.concat([...this.pending, piece], this.pendingLen + piece.length) : piece;
      this.reset();
      if (bytes.length && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
      this.line(bytes.toString('utf8'));
    }
  }

  private reset(): void {
    this.pending = [];
    this.pendingLen = 0;
  }

  private line(line: string): void {
    if (this.headerLen !== undefined) {
      if (line === '') {
        // End of the header block: the body follows, or the block was unusable.
        const n = this.headerLen;
        this.headerLen = undefined;
        if (n < 0) this.sink.noise('a message header block without a valid Content-Length; skipped');
        else if (n === 0) this.sink.noise('a message with Content-Length 0; skipped');
        else this.bodyLen = n;
        return;
      }
      this.header(line);
      return;
    }
    const trimmed = line.trim();
    if (!trimmed) return;
    if (trimmed.length >= HEADER.length && trimmed.slice(0, HEADER.length).toLowerCase() === HEADER) {
      this.headerLen = -1;
      this.header(trimmed);
      return;
    }
    this.last = 'ndjson';
    this.sink.message(line, 'ndjson');
  }

  private header(line: string): void {
    const colon = line.indexOf(':');
    if (colon <= 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-length') return; // Content-Type and others: ignored
    const v = line.slice(colon + 1).trim();
    const n = /^\d{1,12}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n > this.maxMessageBytes) {
      this.sink.noise(`Content-Length '${v.slice(0, 20)}' is not a size up to ${this.maxMessageBytes} bytes; message skipped`);
      this.headerLen = -1;
      return;
    }
    this.headerLen = n;
  }
}

/** Encodes one message in the given framing. */
export function encodeMessage(message: unknown, framing: Framing): string {
  const json = JSON.stringify(message);
  return framing === 'ndjson' ? `${json}\n` : `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}
