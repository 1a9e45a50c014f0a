import { lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The per-user directory for mini-a's daemon sockets: `$XDG_RUNTIME_DIR/mini-a` (a tmpfs the
 * system empties at logout and reboot) or else `<tmp>/mini-a-<uid>`. It must be a real directory
 * owned by this user with mode 0700: anything else (a symlink, another owner, group or world
 * access) is refused, so that no one else can put a socket where we would talk to it.
 */
export function runtimeDir(): string {
  const uid = process.getuid?.() ?? 0;
  return process.env.XDG_RUNTIME_DIR ? path.join(process.env.XDG_RUNTIME_DIR, 'mini-a') : path.join(os.tmpdir(), `mini-a-${uid}`);
}

/** Checks (and with `create`, makes) the runtime directory; returns its path, or undefined when it does not exist. */
export function privateRuntimeDir(create: boolean): string | undefined {
  const dir = runtimeDir();
  if (create) {
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  let st;
  try {
    st = lstatSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const uid = process.getuid?.();
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory (a symlink?); refusing to use it for daemon sockets`);
  if (uid !== undefined && st.uid !== uid) throw new Error(`${dir} belongs to another user; refusing to use it for daemon sockets`);
  if ((st.mode & 0o077) !== 0) throw new Error(`${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)}); refusing to use it for daemon sockets`);
  return dir;
}
