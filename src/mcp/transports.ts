import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
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
        make: () => new ProcessGroupStdioTransport({ command: spec.command!, args: spec.args ?? [], env: spec.env, cwd: spec.cwd, onNoise }),
      },
    ];
  }
  const url = new URL(spec.url!);
  const requestInit: RequestInit = spec.headers ? { headers: spec.headers } : {};
  const sse = { kind: 'sse' as const, make: () => new SSEClientTransport(url, { requestInit }) };
  if (spec.transport === 'sse') return [sse];
  return [{ kind: 'http', make: () => new StreamableHTTPClientTransport(url, { requestInit }) }, sse];
}
