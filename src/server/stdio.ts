import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { FramedStdioServerTransport } from './stdio-transport.js';

/** Serves one MCP server over stdin/stdout; resolves when stdin closes (the client went away). */
export async function serveStdio(server: Server): Promise<void> {
  const transport = new FramedStdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await ended;
}

/**
 * Calls `onOrphaned` when the parent process dies: checked every `everyMs` by whether our parent
 * changed (we were reparented) or no longer exists. Clients that crash never close our stdin.
 * `parent` should be read as early as possible (the parent may die while we start); a process
 * started by init (parent 1) has no parent to lose and is not watched. For stdio mode only: an
 * HTTP server serves whoever connects and must outlive the process that started it.
 */
export function watchParent(onOrphaned: () => void, parent = process.ppid, everyMs = 1000): () => void {
  if (parent <= 1) return () => {};
  const timer = setInterval(() => {
    let gone = process.ppid !== parent;
    if (!gone) {
      try {
        process.kill(parent, 0);
      } catch (e) {
        gone = (e as NodeJS.ErrnoException).code === 'ESRCH';
      }
    }
    if (gone) {
      clearInterval(timer);
      onOrphaned();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
