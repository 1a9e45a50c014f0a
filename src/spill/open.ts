import { closeSync, constants, fstatSync, openSync, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { PathRefused } from '../util/confine.js';

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer (forever, and with the
// synchronous call the whole process with it). O_NOFOLLOW: a symlink swapped in after the path was
// resolved and confined is not followed. Both are no-ops for a regular file.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

function kind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isDirectory()) return 'a directory';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

/** The error for a path that is not a regular file. */
export function notRegular(file: string, st: Stats): PathRefused {
  return new PathRefused(`'${file}' is ${kind(st)}, not a regular file: refused (only regular spill files are read)`);
}

function opened(file: string, e: unknown): never {
  if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new PathRefused(`'${file}' is a symlink: refused`);
  throw e;
}

/** Opens a regular file for reading without ever blocking on a FIFO or device; anything else is refused. */
export async function openRegular(file: string): Promise<FileHandle> {
  const fh = await fs.open(file, FLAGS).catch((e: unknown) => opened(file, e));
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw notRegular(file, st);
    return fh;
  } catch (e) {
    await fh.close();
    throw e;
  }
}

/** Synchronous twin of openRegular (for the grep worker and sidecar files). Returns a descriptor. */
export function openRegularSync(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (e) {
    opened(file, e);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegular(file, st);
    return fd;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Reads `length` bytes at `position` into `buf` (fewer only at the end of the file). */
export async function readAt(fh: FileHandle, buf: Buffer, length: number, position: number): Promise<number> {
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got;
}
