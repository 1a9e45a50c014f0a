import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS } from './helpers/servers.js';
import { requireTools, TOOLS } from './helpers/tools.js';

/** The official Inspector CLI (2.12, under the pinned Node 22) listing tools with --strict schema checks. */
function inspectStrict(proxyArgs: string[]) {
  requireTools();
  const r = spawnSync(TOOLS.node22, [TOOLS.inspectorCli, '--method', 'tools/list', '--strict', '--', process.execPath, BIN.miniAProxy, ...proxyArgs], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, HOME: tempDir('mini-a-inspector-') },
  });
  return { code: r.status, tools: r.status === 0 ? (JSON.parse(r.stdout).tools as Array<{ name: string }>) : [], stderr: r.stderr };
}

describe('Inspector CLI in strict mode', () => {
  it('lists proxy-dispatch with no schema portability finding', () => {
    const r = inspectStrict([`mcp=[(cmd: '${SERVERS.time}')]`, 'mcplazy=true']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.tools.map((t) => t.name)).toEqual(['proxy-dispatch']);
    expect(r.stderr).not.toMatch(/warning|error|Schema portability/i);
  });

  it('lists transparent-mode tools with valid names and no schema portability finding', () => {
    const r = inspectStrict([`mcp=[(cmd: '${SERVERS.time}')]`, 'mode=transparent']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.tools.map((t) => t.name)).toContain('time__current_time');
    expect(r.stderr).not.toMatch(/warning|error|Schema portability/i);
  });
});
