import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installed package's root (where package.json is), found from this file's own location, so
 * that bundled files resolve the same from a checkout, a global install or any working directory.
 */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let version: string | undefined;

/** The package version from package.json, read once (a plain JSON read: no module loading). */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
