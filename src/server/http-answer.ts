import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** JSON-RPC error codes used in HTTP error answers. */
export const RPC = { serverError: -32000, parseError: -32700, invalidRequest: -32600 } as const;

/** The JSON-RPC error body every error answer carries. */
export function rpcErrorBody(message: string, code: number = RPC.serverError): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** Answers an HTTP error with a JSON-RPC error body. */
export function answerError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code: number = RPC.serverError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = rpcErrorBody(message, code);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

/**
 * Answers an error, then closes the connection without a reset: a body the client is still
 * sending is read and dropped (up to `lingerMs` and `lingerBytes`) before our side closes, since
 * closing with unread data makes the kernel send a reset, and a client that gets one while still
 * writing often never reads the answer.
 */
export function answerAndClose(req: IncomingMessage, res: ServerResponse, status: number, message: string, lingerMs = 5000, lingerBytes = 64 * 1024 * 1024): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = rpcErrorBody(message);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), connection: 'close' });
  if (req.complete || req.destroyed) {
    res.end(text);
    return;
  }
  // The whole answer goes out now; the connection ends once the client has finished sending.
  res.write(text);
  let drained = 0;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', onData);
    if (!res.writableEnded) res.end();
  };
  const onData = (c: Buffer) => {
    drained += c.length;
    if (drained > lingerBytes) finish();
  };
  const timer = setTimeout(finish, lingerMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}

/** Answers on a raw socket (no HTTP response object exists) and closes it. */
export function answerRaw(socket: Socket, status: number, message: string, code: number = RPC.serverError): void {
  const text = rpcErrorBody(message, code);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  // Closed once the client closes too; one that does not is cut off soon.
  const timer = setTimeout(() => socket.destroy(), 2000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Answers a request the HTTP parser refused (bad request line, headers too large, too slow) on the raw socket. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A response already under way on this socket cannot take a second status line.
  const busy = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') answerRaw(socket, 431, 'request headers too large');
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'HPE_HEADERS_TIMEOUT') answerRaw(socket, 408, 'request took too long to arrive');
  else answerRaw(socket, 400, `malformed HTTP request (${err.code ?? 'parse error'})`, RPC.invalidRequest);
}
