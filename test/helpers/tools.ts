import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './servers.js';

/** Pinned tools installed apart from the project (npm test's pretest runs scripts/ensure-tools.mjs). */
export const TOOLS = {
  node22: path.join(ROOT, 'tools/node_modules/node22/bin/node'),
  node24: path.join(ROOT, 'tools/node_modules/node24/bin/node'),
  inspectorCli: path.join(ROOT, 'tools/node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js'),
  conformance: path.join(ROOT, 'tools/node_modules/@modelcontextprotocol/conformance/dist/index.js'),
};

/** Throws a clear error when tools/ has not been installed. */
export function requireTools(): void {
  for (const [k, p] of Object.entries(TOOLS)) {
    if (!existsSync(p)) throw new Error(`tools/ is not installed (${k} missing): run \`node scripts/ensure-tools.mjs\` (npm test does it first)`);
  }
}
