import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ConnectionSpec } from '../config/spec.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { keepNotificationsFirst } from './transport-order.js';

/** One way to reach a server, tried in order. */
export interface Candidate {
  kind: 'stdio' | 'http' | 'sse';
  make: () => Transport;
}

/**
 * Builds the transports to try, in order, for a spec: stdio; Streamable HTTP then SSE; or SSE.
 * The HTTP transports and OAuth load only when a remote server is configured.
 */
export async function transportCandidates(spec: ConnectionSpec, onNoise: (stream: 'stdout' | 'stderr', line: string) => void): Promise<Candidate[]> {
  if (spec.transport !== 'stdio') return (await import('./remote-transports.js')).remoteCandidates(spec);
  return [
    {
      kind: 'stdio',
      make: () => {
        const t = new ProcessGroupStdioTransport({ command: spec.command!, args: spec.args ?? [], env: spec.env, cwd: spec.cwd, onNoise, framing: spec.framing });
        // Notifications stay ahead of the responses read with them (see transport-order.ts).
        keepNotificationsFirst(t);
        return t;
      },
    },
  ];
}
