import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type OnMessage = NonNullable<Transport['onmessage']>;

const isResponse = (m: JSONRPCMessage) => 'id' in m && !('method' in m);

/**
 * Keeps a server's notifications ahead of the response that follows them. The SDK handles a
 * notification one microtask later but a response at once, and the response removes the request's
 * progress handler: a progress notification that arrives in the same read as the response is lost
 * (under load, several are). Responses (and the close, which fails what is pending) are therefore
 * delivered after the notifications read before them have been handled, in their own order.
 */
export function keepNotificationsFirst(t: Transport): void {
  let handler: OnMessage | undefined;
  let onclose: (() => void) | undefined;
  // Responses and the close wait in one queue, so they keep their order among themselves.
  const queue: Array<() => void> = [];
  let scheduled = false;
  const later = (fn: () => void) => {
    queue.push(fn);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const f of queue.splice(0)) f();
    });
  };
  const deliver: OnMessage = (m, extra) => {
    if (isResponse(m)) later(() => handler?.(m, extra));
    else handler?.(m, extra);
  };
  Object.defineProperty(t, 'onmessage', { configurable: true, enumerable: true, get: () => (handler ? deliver : undefined), set: (h: OnMessage | undefined) => (handler = h) });
  const close = () => later(() => onclose?.());
  Object.defineProperty(t, 'onclose', { configurable: true, enumerable: true, get: () => (onclose ? close : undefined), set: (h: (() => void) | undefined) => (onclose = h) });
}
