import { readdirSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers/runtime.js';
import { describe, expect, it } from 'vitest';
import { runCli, startCli } from './helpers/cli.js';
import { alive, SERVERS, waitFor } from './helpers/servers.js';

const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('mini-a as a process', () => {
  it('--help and --version exit 0; bad options exit 2 with one clear line and no stack', () => {
    const h = runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('mcpproxythreshold=BYTES');
    expect(runCli(['version=true']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const [args, msg] of [
      [['mcpproxi=true'], "mini-a: unknown option 'mcpproxi' — did you mean mcpproxy? (see --help)"],
      [['dispatch={"action":"list"}', 'mcptimeout=abc'], "mini-a: mcptimeout must be a whole number ≥ 1 (got 'abc')"],
      [['dispatch={"action":"list"}', "mcp=[(cmd: 'node a.js'"], "mini-a: mcp: expected ',' or ')' at column 19 (found end of input)"],
      [[], 'mini-a: nothing to do'],
      [['dispatch={"action": list}'], 'mini-a: dispatch: invalid JSON'],
      [['mcpconfig=/nonexistent.json', 'dispatch={"action":"list"}'], "mini-a: mcpconfig: cannot read '/nonexistent.json': ENOENT"],
    ] as const) {
      const r = runCli([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.startsWith(msg), r.stderr).toBe(true);
      noStack(r.stderr);
    }
  });

  for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
    it(`${signal} ends every child (launcher grandchildren too) and removes the temp files`, async () => {
      const tmp = tempDir('mini-a-sig-');
      const cli = startCli(['dispatch=-', `mcp=[(cmd: '${SERVERS.crashy}'), (cmd: "sh -c '${SERVERS.crashy}; true'", name: launched)]`], { TMPDIR: tmp });
      const pids: number[] = [];
      for (const c of ['c1', 'c2']) {
        const r = await cli.request({ action: 'call', tool: 'pid', connection: c });
        pids.push(Number((r.content as Array<{ text: string }>)[0]!.text));
      }
      const spilled = await cli.request({ action: 'call', tool: 'ok', connection: 'c1', arguments: { text: 'x' }, resultToFile: true });
      expect(String(spilled.resultFile)).toContain(tmp);
      expect(readdirSync(tmp).length).toBe(1);
      pids.forEach((p) => expect(alive(p)).toBe(true));
      cli.child.kill(signal);
      const exit = await cli.exited;
      expect(exit.code).toBe(code);
      expect(await waitFor(() => pids.every((p) => !alive(p)), 3000)).toBe(true);
      expect(readdirSync(tmp)).toEqual([]);
    });
  }
});
