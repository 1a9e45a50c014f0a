#!/usr/bin/env node
// The entry stays tiny: --version and --help answer without loading the rest.
import { answerFast, enableCompileCache } from './fast.js';

const argv = process.argv.slice(2);
if (!(await answerFast('mini-a', argv))) {
  enableCompileCache();
  const { main } = await import('./main.js');
  await main('mini-a', argv);
}
