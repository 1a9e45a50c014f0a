import { closeSync, fstatSync, readFileSync } from 'node:fs';
import { decode as fromToon } from '@toon-format/toon';
import { confinePath, PathRefused } from '../util/confine.js';
import { openRegularSync } from './open.js';
import type { SpillStore } from './store.js';

/** argumentsFile larger than this is refused: arguments are sent in one message. */
export const MAX_ARGS_FILE = 64 * 1024 * 1024;

/**
 * Reads `argumentsFile`. `PATH` must hold a JSON object (a JSON/TOON spill of an object works):
 * it becomes the arguments. `PATH#name` puts the file's whole content (parsed JSON or TOON, else
 * the text as is; always the text when the tool declares `name` a string) into the single
 * argument `name`. Files must be spill files of this store or lie
 * under the allowed roots (argsroots=, default the working directory); `..` and symlinks out are refused.
 */
export function readArgumentsFile(spec: string, store: SpillStore | undefined, roots: string[], wantsString: (arg: string) => boolean = () => false): Record<string, unknown> {
  const hash = spec.lastIndexOf('#');
  const file = hash > 0 ? spec.slice(0, hash) : spec;
  const key = hash > 0 ? spec.slice(hash + 1) : undefined;
  if (key !== undefined && !key) throw new PathRefused(`argumentsFile '${spec}': the argument name after '#' is empty`);
  let real: string;
  let fromStore = false;
  if (store?.owns(file)) {
    real = store.resolve(file);
    fromStore = true;
  } else {
    real = confinePath(file, roots, process.cwd());
  }
  let fd: number;
  try {
    // Never blocks on a FIFO or device (refused), never follows a symlink swapped in after confinement.
    fd = openRegularSync(real);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`argumentsFile '${file}' does not exist`);
    if (e instanceof PathRefused) throw new PathRefused(`argumentsFile ${e.message}`);
    throw e;
  }
  let text: string;
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_ARGS_FILE) throw new Error(`argumentsFile '${file}' has ${size} bytes; the limit is ${MAX_ARGS_FILE}`);
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const format = fromStore ? store!.meta(real).format : 'json';
  let value: unknown;
  let parsed = false;
  try {
    value = format === 'toon' ? fromToon(text) : JSON.parse(text);
    parsed = true;
  } catch {
    value = text;
  }
  // An argument the tool declares as a string gets the text as it is, even if it looks like JSON.
  if (key !== undefined) return { [key]: wantsString(key) ? text : value };
  if (!parsed) {
    throw new Error(`argumentsFile '${file}' is not JSON; to pass its text as one argument write argumentsFile: '${file}#ARGNAME'`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new Error(`argumentsFile '${file}' holds ${what}, not an object of arguments; pass it as one argument with argumentsFile: '${file}#ARGNAME'`);
  }
  return value as Record<string, unknown>;
}
