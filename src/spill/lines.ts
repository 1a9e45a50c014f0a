import { openRegular, readAt } from './open.js';

/** A line as read from a file: its text (UTF-8, CR stripped) and whether it was cut short. */
export interface Line {
  text: string;
  cut: boolean;
}

const CHUNK = 256 * 1024;
const BLOCK = 64 * 1024;

/** Drops U+FFFD from the end of a text cut inside a multibyte character (a loop: /\uFFFD+$/ is quadratic). */
export function trimPartialChar(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0xfffd) end--;
  return end === text.length ? text : text.slice(0, end);
}

function decode(b: Buffer, cut: boolean): string {
  const text = b.toString('utf8');
  // A cut may land inside a multibyte character; drop the partial tail rather than show U+FFFD.
  return cut ? trimPartialChar(text) : text;
}

/**
 * Calls `fn` for each line from the start of the file (1-based numbers) until it returns false.
 * Memory stays flat: lines longer than `maxLineBytes` are cut (the rest is skipped, not kept), and
 * lines before `from` are only counted. Lines are split on the newline byte, so multibyte UTF-8
 * characters are never split. Reads are asynchronous, chunk by chunk: a long scan never holds up
 * the event loop.
 */
export async function forEachLine(file: string, maxLineBytes: number, fn: (n: number, line: Line) => boolean, from = 1): Promise<void> {
  const fh = await openRegular(file);
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let parts: Buffer[] = [];
    let partLen = 0;
    let cut = false;
    let n = 0;
    let pos = 0;
    const flush = (): boolean => {
      n++;
      if (n < from) return true;
      let b = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partLen);
      if (b.length && b[b.length - 1] === 13) b = b.subarray(0, b.length - 1);
      parts = [];
      partLen = 0;
      const wasCut = cut;
      cut = false;
      return fn(n, { text: decode(b, wasCut), cut: wasCut });
    };
    for (;;) {
      const got = await readAt(fh, buf, CHUNK, pos);
      if (got === 0) break;
      pos += got;
      let start = 0;
      for (;;) {
        let nl = buf.indexOf(10, start);
        if (nl >= got) nl = -1;
        const end = nl === -1 ? got : nl;
        // The common case, a whole line inside this chunk: decoded in place, nothing copied.
        if (nl !== -1 && partLen === 0 && !cut && n + 1 >= from && end - start <= maxLineBytes) {
          n++;
          if (!fn(n, { text: buf.toString('utf8', start, end > start && buf[end - 1] === 13 ? end - 1 : end), cut: false })) return;
          start = nl + 1;
          continue;
        }
        // Lines before `from` are counted, never copied.
        if (!cut && n + 1 >= from) {
          const room = maxLineBytes - partLen;
          const take = Math.min(end - start, room);
          if (take > 0) {
            parts.push(Buffer.from(buf.subarray(start, start + take)));
            partLen += take;
          }
          if (end - start > room) cut = true;
        }
        if (nl === -1) break;
        if (!flush()) return;
        start = nl + 1;
      }
    }
    if (partLen > 0 || cut) flush();
  } finally {
    await fh.close();
  }
}

/** Number of lines (a last line without a newline counts), by counting newline bytes chunk by chunk. */
export async function countLines(file: string): Promise<number> {
  const fh = await openRegular(file);
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let n = 0;
    let pos = 0;
    let last = -1;
    for (;;) {
      const got = await readAt(fh, buf, CHUNK, pos);
      if (got === 0) break;
      pos += got;
      for (let i = buf.indexOf(10); i !== -1 && i < got; i = buf.indexOf(10, i + 1)) n++;
      last = buf[got - 1]!;
    }
    return n + (pos > 0 && last !== 10 ? 1 : 0);
  } finally {
    await fh.close();
  }
}

/**
 * Calls `fn` with the lines of the file from the last one backwards until it returns false. Reads
 * backwards in blocks, so the cost depends on the lines taken, not the file size (a line longer
 * than `maxLineBytes` is still scanned to find where it starts, with flat memory: its first
 * `maxLineBytes` bytes are what is shown, marked cut). Returns the file size.
 */
export async function forEachLineBackward(file: string, maxLineBytes: number, fn: (line: Line) => boolean): Promise<number> {
  const fh = await openRegular(file);
  try {
    const size = (await fh.stat()).size;
    if (size === 0) return 0;
    const buf = Buffer.allocUnsafe(BLOCK);
    let bufStart = 0;
    let bufLen = 0;
    // Ignore one trailing newline: it ends the last line, it does not start a new one.
    await readAt(fh, buf, 1, size - 1);
    let end = buf[0] === 10 ? size - 1 : size; // end (exclusive) of the line being looked for
    for (;;) {
      // The newline before `end`, or -1 when the line is the file's first.
      let nl = -1;
      let scan = end;
      while (scan > 0) {
        if (scan <= bufStart || scan > bufStart + bufLen) {
          bufStart = Math.max(0, scan - BLOCK);
          bufLen = await readAt(fh, buf, scan - bufStart, bufStart);
        }
        const i = buf.lastIndexOf(10, scan - 1 - bufStart);
        if (i !== -1) {
          nl = bufStart + i;
          break;
        }
        scan = bufStart;
      }
      const start = nl + 1;
      const take = Math.min(end - start, maxLineBytes);
      let bytes: Buffer;
      if (start >= bufStart && start + take <= bufStart + bufLen) bytes = buf.subarray(start - bufStart, start - bufStart + take);
      else {
        bytes = Buffer.allocUnsafe(take);
        await readAt(fh, bytes, take, start);
      }
      const cut = take < end - start;
      if (!cut && bytes.length && bytes[bytes.length - 1] === 13) bytes = bytes.subarray(0, bytes.length - 1);
      if (!fn({ text: decode(bytes, cut), cut })) break;
      if (nl === -1) break;
      end = nl;
    }
    return size;
  } finally {
    await fh.close();
  }
}
