#!/usr/bin/env node
// The entry stays tiny: --version and --help answer without loading the rest.
import { answerFast, enableCompileCache } from './fast.js';

// Read before anything else: a parent that dies while we start must still count as our parent.
const startParent = process.ppid;
const argv = process.argv.slice(2);
if (!(await answerFast('mini-a-proxy', argv))) {
  enableCompileCache();
  const { main } = await import('./main.js');
  await main('mini-a-proxy', argv, { startParent });
}
