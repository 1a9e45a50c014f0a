import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installed package's root (where package.json is), found from this file's own location, so
 * that bundled files resolve the same from a checkout, a global install or any working directory.
 */
export const PACKAGE_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

// dist/src/util when built, src/util under the test runner: the nearest package.json above is ours.
function findRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json'))) return d;
    if (path.dirname(d) === d) return path.resolve(dir, '../../..');
  }
}

let version: string | undefined;

/** The package version from package.json, read once (a plain JSON read: no module loading). */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
