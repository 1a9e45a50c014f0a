import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/servers.js';

/**
 * Imports flow one way. A folder may import its own modules and those of lower layers only:
 * util (leaf) < config < mcp, spill < dispatch < agent, server < cli. Folders of one layer do not
 * import each other.
 */
const LAYER: Record<string, number> = { util: 0, config: 1, mcp: 2, spill: 2, dispatch: 3, agent: 4, server: 4, cli: 5 };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('architecture', () => {
  it('imports flow one way between the folders of src/', () => {
    const src = path.join(ROOT, 'src');
    const bad: string[] = [];
    for (const file of files(src)) {
      const from = path.relative(src, file).split(path.sep)[0]!;
      const text = readFileSync(file, 'utf8');
      // import … from '…' and import('…'), relative ones only.
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), m[1]!);
        const to = path.relative(src, target).split(path.sep)[0]!;
        if (to === from || !(to in LAYER)) continue;
        if (!(LAYER[to]! < LAYER[from]!)) bad.push(`${path.relative(ROOT, file)} imports ${m[1]} (${from} -> ${to})`);
      }
    }
    expect(bad).toEqual([]);
  });
});
