import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { registerSecret } from '../util/redact.js';
import type { ConnectionSpec } from '../config/spec.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';

/** Builds the transports to try, in order, for a spec: stdio; Streamable HTTP then SSE; or SSE. */
export function transportCandidates(
  spec: ConnectionSpec,
  onNoise: (stream: 'stdout' | 'stderr', line: string) => void,
): Array<{ kind: 'stdio' | 'http' | 'sse'; make: () => Transport }> {
  if (spec.transport === 'stdio') {
    return [
      {
        kind: 'stdio',
        make: () => new ProcessGroupStdioTransport({ command: spec.command!, args: spec.args ?? [], env: spec.env, cwd: spec.cwd, onNoise, framing: spec.framing }),
      },
    ];
  }
  const url = new URL(spec.url!);
  const headers: Record<string, string> = { ...spec.headers };
  // fetch refuses URLs with credentials: send them as Basic auth instead (unless a header is set).
  if (url.username || url.password) {
    const has = Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
    if (!has) {
      headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      registerSecret(headers.Authorization, 'authorization');
    }
    url.username = '';
    url.password = '';
  }
  const requestInit: RequestInit = Object.keys(headers).length ? { headers } : {};
  const sse = { kind: 'sse' as const, make: () => new SSEClientTransport(url, { requestInit }) };
  if (spec.transport === 'sse') return [sse];
  return [{ kind: 'http', make: () => new StreamableHTTPClientTransport(url, { requestInit }) }, sse];
}
