import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** A line as read from a file: its text (UTF-8, CR stripped) and whether it was cut short. */
export interface Line {
  text: string;
  cut: boolean;
}

const CHUNK = 256 * 1024;

/**
 * Calls `fn` for each line from the start of the file (1-based numbers) until it returns false.
 * Memory stays flat: lines longer than `maxLineBytes` are cut (the rest is skipped, not kept).
 * Lines are split on the newline byte, so multibyte UTF-8 characters are never split.
 */
export function forEachLine(file: string, maxLineBytes: number, fn: (n: number, line: Line) => boolean): void {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let parts: Buffer[] = [];
    let partLen = 0;
    let cut = false;
    let n = 0;
    let pos = 0;
    const flush = (): boolean => {
      n++;
      let b = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partLen);
      if (b.length && b[b.length - 1] === 13) b = b.subarray(0, b.length - 1);
      parts = [];
      partLen = 0;
      const wasCut = cut;
      cut = false;
      // A cut may land inside a multibyte character; drop the partial tail rather than show U+FFFD.
      let text = b.toString('utf8');
      if (wasCut) text = text.replace(/\uFFFD+$/, '');
      return fn(n, { text, cut: wasCut });
    };
    for (;;) {
      const got = readSync(fd, buf, 0, CHUNK, pos);
      if (got === 0) break;
      pos += got;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        const end = nl === -1 || nl >= got ? got : nl;
        if (!cut) {
          const room = maxLineBytes - partLen;
          const take = Math.min(end - start, room);
          if (take > 0) {
            parts.push(Buffer.from(buf.subarray(start, start + take)));
            partLen += take;
          }
          if (end - start > room) cut = true;
        }
        if (nl === -1 || nl >= got) break;
        if (!flush()) return;
        start = nl + 1;
      }
    }
    if (partLen > 0 || cut) flush();
  } finally {
    closeSync(fd);
  }
}

/**
 * The last `count` lines, read backwards from the end in blocks: cost depends on the lines
 * wanted, not the file size. Returns them in order, with the file's total size.
 */
export function tailLines(file: string, count: number, maxLineBytes: number): { lines: Line[]; bytes: number } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (count <= 0 || size === 0) return { lines: [], bytes: size };
    const BLOCK = 64 * 1024;
    let end = size;
    // Ignore one trailing newline: it ends the last line, it does not start a new one.
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    const scanEnd = last[0] === 10 ? size - 1 : size;
    const stops: number[] = []; // offsets of newlines, from the end backwards
    while (end > 0 && stops.length < count) {
      const start = Math.max(0, end - BLOCK);
      const b = Buffer.allocUnsafe(end - start);
      readSync(fd, b, 0, b.length, start);
      let i = Math.min(b.length, scanEnd - start) - 1;
      while (i >= 0 && stops.length < count) {
        i = b.lastIndexOf(10, i);
        if (i === -1) break;
        stops.push(start + i);
        i--;
      }
      end = start;
    }
    // The wanted lines start after stops[count-1] (or at 0) and are separated by the newer stops.
    const firstStart = stops.length >= count ? stops[count - 1]! + 1 : 0;
    const separators = stops.slice(0, Math.min(stops.length, count - 1)).reverse();
    const bounds: Array<[number, number]> = [];
    let s = firstStart;
    for (const nl of separators) {
      bounds.push([s, nl]);
      s = nl + 1;
    }
    bounds.push([s, scanEnd]);
    const lines: Line[] = bounds.map(([a, b]) => {
      const len = b - a;
      const take = Math.min(len, maxLineBytes);
      const buf = Buffer.allocUnsafe(take);
      readSync(fd, buf, 0, take, a);
      let text = buf.toString('utf8').replace(/\r$/, '');
      if (take < len) text = text.replace(/\uFFFD+$/, '');
      return { text, cut: take < len };
    });
    return { lines, bytes: size };
  } finally {
    closeSync(fd);
  }
}
