import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let root: string;

beforeAll(async () => {
  root = tempDir('mini-a-utils-');
  mkdirSync(path.join(root, 'docs/sub'), { recursive: true });
  writeFileSync(path.join(root, 'docs/a.md'), '# Alpha\nneedle here\n');
  writeFileSync(path.join(root, 'docs/sub/b.md'), 'nothing\nNEEDLE again\n');
  writeFileSync(path.join(root, 'notes.txt'), 'plain\n');
  symlinkSync('/etc', path.join(root, 'etc-link'));
  rt = await makeDispatcher(`[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.utils(root)}', name: ro), (cmd: '${SERVERS.utils(root, true)}', name: rw)]`);
});
afterAll(() => rt?.close());

const data = async (req: Record<string, unknown>) => {
  const r = await rt.d({ action: 'call', ...req });
  expect(r.isError, JSON.stringify(r)).toBeUndefined();
  return JSON.parse((r.content as Array<{ text: string }>)[0]!.text);
};
const toolError = async (req: Record<string, unknown>) => {
  const r = await rt.d({ action: 'call', ...req });
  expect(r.isError).toBe(true);
  return (r.content as Array<{ text: string }>)[0]!.text;
};

describe('mcps/time', () => {
  it('current time, conversion across DST, formatting, zone list, and clear errors', async () => {
    expect(await data({ tool: 'current_time', arguments: { timezone: 'Asia/Kolkata' } })).toMatchObject({ timezone: 'Asia/Kolkata', utcOffset: '+05:30' });
    const winter = await data({ tool: 'convert_time', arguments: { time: '2026-01-15 12:00', from_timezone: 'America/New_York', to_timezone: 'Europe/Lisbon' } });
    expect(winter.target).toMatchObject({ date: '2026-01-15', time: '17:00:00' });
    expect(winter.timeDifferenceHours).toBe(5);
    const summer = await data({ tool: 'convert_time', arguments: { time: '2026-07-15 12:00', from_timezone: 'America/New_York', to_timezone: 'Europe/Lisbon' } });
    expect(summer.target.time).toBe('17:00:00');
    const f = await data({ tool: 'format_time', arguments: { pattern: 'EEE dd MMM yyyy HH:mm Z', time: '2026-03-01T10:30:00Z', timezone: 'Asia/Tokyo' } });
    expect(f.formatted).toBe('Sun 01 Mar 2026 19:30 +09:00');
    expect((await data({ tool: 'list_timezones', arguments: { filter: 'lisbon' } })).timezones).toEqual(['Europe/Lisbon']);
    expect(await toolError({ tool: 'current_time', arguments: { timezone: 'Mars/Olympus' } })).toMatch(/unknown time zone 'Mars\/Olympus'; use an IANA name/);
    expect(await toolError({ tool: 'convert_time', arguments: { time: 'noonish', from_timezone: 'UTC', to_timezone: 'UTC' } })).toMatch(/cannot read time 'noonish'/);
  });
});

describe('mcps/utils', () => {
  it('init, list, read, stat, glob and search, confined to the root', async () => {
    expect(await data({ tool: 'init', connection: 'ro' })).toMatchObject({ root, readwrite: false });
    const list = await data({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'list', path: 'docs', recursive: true } });
    expect(list.entries.map((e: { path: string }) => e.path).sort()).toEqual(['docs/a.md', 'docs/sub', 'docs/sub/b.md']);
    const read = await rt.d({ action: 'call', tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'read', path: 'notes.txt' } });
    expect((read.content as Array<{ text: string }>)[0]!.text).toBe('plain\n');
    expect(await data({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'stat', path: 'docs/a.md' } })).toMatchObject({ path: 'docs/a.md', type: 'file', size: 20 });
    expect((await data({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'glob', pattern: '**/*.md' } })).files.sort()).toEqual(['docs/a.md', 'docs/sub/b.md']);
    const s = await data({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'search', pattern: 'needle', path: 'docs' } });
    expect(s.matches).toEqual(expect.arrayContaining([{ file: 'docs/a.md', line: 2, text: 'needle here' }, { file: 'docs/sub/b.md', line: 2, text: 'NEEDLE again' }]));
    expect(await toolError({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'read', path: '../../etc/passwd' } })).toMatch(/refused: '\.\.' leads out of the allowed roots/);
    expect(await toolError({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'read', path: 'etc-link/hostname' } })).toMatch(/refused: it is a symlink/);
    expect(await toolError({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'glob', pattern: '../*' } })).toMatch(/may not use '\.\.'/);
    expect(await toolError({ tool: 'filesystemQuery', connection: 'ro', arguments: { operation: 'search', pattern: '(' } })).toMatch(/invalid regex/);
  });

  it('changes files only when started with --readwrite', async () => {
    expect(await toolError({ tool: 'filesystemModify', connection: 'ro', arguments: { operation: 'write', path: 'x.txt', content: 'no' } })).toMatch(/read-only; start it with --readwrite/);
    await data({ tool: 'filesystemModify', connection: 'rw', arguments: { operation: 'write', path: 'out/new.txt', content: 'one\n' } });
    await data({ tool: 'filesystemModify', connection: 'rw', arguments: { operation: 'append', path: 'out/new.txt', content: 'two\n' } });
    expect(readFileSync(path.join(root, 'out/new.txt'), 'utf8')).toBe('one\ntwo\n');
    await data({ tool: 'filesystemModify', connection: 'rw', arguments: { operation: 'delete', path: 'out/new.txt' } });
    expect(await toolError({ tool: 'filesystemModify', connection: 'rw', arguments: { operation: 'write', path: '../escape.txt', content: 'x' } })).toMatch(/refused/);
  });
});
