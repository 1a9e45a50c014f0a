import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './util.js';

/** Requests of one bench file, `request | server/tool, …` a line (`#` lines are comments). */
export function readRequests(file: string): Array<{ q: string; expect: string[] }> {
  return readFileSync(path.join(ROOT, 'bench', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [q, e] = l.split('|');
      return { q: q!.trim(), expect: e!.split(',').map((x) => x.trim()) };
    });
}

/** The server and the tool of an answer written `server/tool`. */
export function splitAnswer(answer: string): [server: string, tool: string] {
  const slash = answer.indexOf('/');
  return [answer.slice(0, slash), answer.slice(slash + 1)];
}
