#!/usr/bin/env node
// Installs tools/ (pinned Node 22/24, the conformance suite, the Inspector CLI) from the npm
// registry when it is missing or older than its lock file: `npm ci --prefix tools`. Part of the
// test set-up; does nothing when tools/ is already installed from the current lock.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tools = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tools');
// A stamp of the lock file it was installed from (npm's own hidden lock omits optional packages).
const hash = createHash('sha256').update(readFileSync(path.join(tools, 'package-lock.json'))).digest('hex');
const stamp = path.join(tools, 'node_modules/.installed-from-lock');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) process.exit(0);
process.stderr.write('tools/: installing pinned Node 22/24, the conformance suite and the Inspector CLI (npm ci --prefix tools)…\n');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['ci', '--prefix', tools, '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (r.status === 0) writeFileSync(stamp, hash);
process.exit(r.status ?? 1);
