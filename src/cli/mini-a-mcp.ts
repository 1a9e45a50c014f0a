#!/usr/bin/env node
/**
 * mini-a-mcp: starts one of the package's bundled MCP servers over stdio, from any directory and
 * any MCP client's config: `mini-a-mcp time`, `mini-a-mcp utils --root DIR`, `mini-a-mcp db --db FILE`.
 */
import { pathToFileURL } from 'node:url';
import { BUNDLED_SERVERS, bundledServerPath } from '../config/bundled.js';
import { UsageError } from '../util/errors.js';
import { packageVersion } from '../util/package.js';

function usage(): string {
  const rows = Object.entries(BUNDLED_SERVERS).map(([n, d]) => `  ${n.padEnd(6)} ${d}`);
  return [
    `mini-a-mcp ${packageVersion()} — runs a bundled MCP server over stdio.`,
    '',
    'Usage: mini-a-mcp <name> [server options]',
    '',
    'Servers:',
    ...rows,
    '',
    'Examples:',
    '  mini-a-mcp time',
    '  mini-a-mcp utils --root ~/notes',
    '  mini-a-mcp db --db shop.sqlite',
    '  in an mcpServers config: {"command": "mini-a-mcp", "args": ["time"]}',
    '',
  ].join('\n');
}

const [name, ...rest] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h' || name === 'help=true') {
  process.stdout.write(usage());
  process.exit(name === undefined ? 2 : 0);
}
if (name === '--version' || name === 'version=true') {
  process.stdout.write(`${packageVersion()}\n`);
  process.exit(0);
}
let script: string;
try {
  script = bundledServerPath(name, 'mini-a-mcp');
} catch (e) {
  process.stderr.write(`${(e as UsageError).message} (see mini-a-mcp --help)\n`);
  process.exit(2);
}
// The server reads its own options from argv, as when run as `node dist/mcps/<name>.js …`.
process.argv = [process.argv[0]!, script, ...rest];
await import(pathToFileURL(script).href);
