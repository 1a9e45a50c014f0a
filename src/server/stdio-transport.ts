import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { encodeMessage, FrameDecoder, type Framing } from '../mcp/framing.js';
import { log } from '../util/log.js';

/**
 * The server side of stdio: reads newline-delimited JSON or Content-Length framed messages,
 * detected on the stream, and answers in the framing the client used last. Input that is not a
 * JSON-RPC message is logged and skipped (the SDK's transport would report it as an error).
 */
export class FramedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly decoder: FrameDecoder;
  private started = false;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {
    this.decoder = new FrameDecoder({
      message: (text) => this.handle(text),
      noise: (line) => log.debug(`stdin: not a message: ${line.slice(0, 200)}`),
    });
  }

  /** Framing of our answers: the client's, once it has sent something. */
  get framing(): Framing {
    return this.decoder.last ?? 'ndjson';
  }

  private readonly onData = (chunk: Buffer | string) => this.decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  private readonly onEnd = () => void this.close();
  private readonly onError = (e: Error) => this.onerror?.(e);

  async start(): Promise<void> {
    if (this.started) throw new Error('transport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onError);
  }

  private handle(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      log.debug(`stdin: not JSON: ${text.slice(0, 200)}`);
      return;
    }
    const msg = JSONRPCMessageSchema.safeParse(parsed);
    if (!msg.success) {
      log.debug(`stdin: not a JSON-RPC message: ${text.slice(0, 200)}`);
      return;
    }
    this.onmessage?.(msg.data);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('Not connected'));
      if (this.output.write(encodeMessage(message, this.framing))) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onError);
    this.onclose?.();
  }
}
