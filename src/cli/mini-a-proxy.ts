#!/usr/bin/env node
import { loadConnections } from '../config/index.js';
import { UsageError } from '../util/errors.js';
import { helpText } from './help.js';
import { parseArgs } from './parse.js';
import { configureLogging, runProgram, VERSION } from './run.js';

await runProgram('mini-a-proxy', async () => {
  const o = parseArgs(process.argv.slice(2), 'mini-a-proxy');
  if (o.help) {
    process.stdout.write(helpText('mini-a-proxy', VERSION));
    return 0;
  }
  if (o.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  configureLogging(o);
  const specs = loadConnections(o);
  if (!specs.length) throw new UsageError('no MCP servers: give mcp="[(cmd: …)]" or mcpconfig=FILE');
  throw new UsageError('serving is not built yet');
});
