import { realpathSync } from 'node:fs';
import path from 'node:path';

/** A path the caller may not use, with the reason in words. */
export class PathRefused extends Error {
  override name = 'PathRefused';
}

function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** realpath of `p`, or of its nearest existing ancestor joined with the rest (for files not yet made). */
function realOrAncestor(p: string): string {
  let cur = p;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(cur), ...rest.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

/**
 * Resolves `p` (relative to `base`, default the first root) and checks that it stays inside one of
 * `roots`, both as written (no `..` escape) and after following symlinks. Returns the real path.
 */
export function confinePath(p: string, roots: string[], base = roots[0] ?? process.cwd()): string {
  if (typeof p !== 'string' || p === '') throw new PathRefused('path is empty');
  if (p.includes('\0')) throw new PathRefused('path contains a NUL byte');
  const abs = path.resolve(base, p);
  const realRoots = roots.map((r) => realOrAncestor(path.resolve(r)));
  const lexicalRoots = roots.map((r) => path.resolve(r));
  if (!lexicalRoots.some((r) => inside(r, abs)) && !realRoots.some((r) => inside(r, abs))) {
    const how = !path.isAbsolute(p) && p.split(/[\\/]/).includes('..') ? `'..' leads out of` : 'it is outside';
    throw new PathRefused(`'${p}' refused: ${how} the allowed roots (${roots.join(', ')})`);
  }
  const real = realOrAncestor(abs);
  if (!realRoots.some((r) => inside(r, real))) {
    throw new PathRefused(`'${p}' refused: it is a symlink (or under one) that leads outside the allowed roots`);
  }
  return real;
}
