import { closeSync, readSync } from 'node:fs';
import { openRegularSync } from './open.js';

/** Options of a grep over a spill file. */
export interface GrepOptions {
  /** Matching lines to return (all are counted). */
  maxMatches: number;
  /** Lines of context before and after each returned match. */
  context: number;
  /** Longer lines are shown as a window around the match. */
  maxLineChars: number;
  /** Output stops before it would pass this many bytes (matches are still counted). */
  maxOutputBytes: number;
  /** Called after each block read, with the bytes scanned so far (the worker reports progress). */
  onProgress?: (bytes: number) => void;
}

/** Lines longer than this are skipped (counted in `skippedLines`), so memory stays bounded. */
export const MAX_GREP_LINE_BYTES = 16 * 1024 * 1024;

/** What a grep found. */
export interface GrepResult {
  /** Lines that match (like `grep -c`). */
  matchingLines: number;
  /** `grep -n` style output: `12:line` for matches, `11-line` for context, `--` between groups. */
  output: string[];
  /** Number of returned matches. */
  returned: number;
  /** True when output stopped at maxOutputBytes. */
  full: boolean;
  /** Lines over MAX_GREP_LINE_BYTES, not searched. */
  skippedLines: number;
}

// Small enough that each decoded chunk is a young-generation string (cheap to collect: flat RSS).
const CHUNK = 64 * 1024;

/**
 * Compiles a user pattern as a case-insensitive, multi-line regex, or throws a clear error.
 * Non-ASCII patterns get the `u` flag, so that `𝄞+` repeats the character, not half of it.
 */
export function compilePattern(pattern: string): RegExp {
  if (typeof pattern !== 'string' || pattern === '') throw new Error("grep needs 'pattern' (a case-insensitive regex)");
  const shown = pattern.length > 200 ? `${pattern.slice(0, 200)}…` : pattern;
  const ascii = /^[\x00-\x7f]*$/.test(pattern);
  try {
    return new RegExp(pattern, ascii ? 'gim' : 'gimu');
  } catch (e) {
    if (!ascii) {
      try {
        return new RegExp(pattern, 'gim');
      } catch {
        // Report the error of the intended (unicode) reading below.
      }
    }
    const why = (e as Error).message.replace(/^Invalid regular expression: /, '');
    // V8 quotes the whole pattern in its message; keep only the reason after it.
    const reason = why.startsWith('/') ? why.slice(why.lastIndexOf(': ') + 2) : why;
    throw new Error(`invalid regex '${shown}': ${reason}`);
  }
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  let i = s.indexOf('\n', from);
  while (i !== -1 && i < to) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  return n;
}

/** Shows a long line as a window around column `at`, so a 10 MB one-line file cannot flood the answer. */
export function clipLine(line: string, max: number, at = 0): string {
  if (line.length <= max) return line;
  const half = Math.floor(max / 2);
  const start = Math.max(0, Math.min(at - half, line.length - max));
  const head = start > 0 ? `…[from col ${start + 1}] ` : '';
  const tail = start + max < line.length ? ` …[+${line.length - start - max} chars]` : '';
  return head + line.slice(start, start + max) + tail;
}

/**
 * Scans a file in large raw chunks with one regex pass per chunk, splitting lines only around
 * matches. Line numbers are tracked only while matches are still being returned, so the rest of a
 * huge file costs just the regex scan. ASCII patterns run on latin1-decoded bytes (one byte per
 * char, cheap); others on UTF-8. Chunks end on a newline, so no character is ever split.
 */
export function grepFile(file: string, pattern: string, o: GrepOptions): GrepResult {
  const re = compilePattern(pattern);
  const latin1 = /^[\x00-\x7f]*$/.test(pattern);
  const enc: BufferEncoding = latin1 ? 'latin1' : 'utf8';
  const out: string[] = [];
  const show = (s: string) => (latin1 ? Buffer.from(s, 'latin1').toString('utf8') : s).replace(/\r$/, '');
  let matching = 0;
  let returned = 0;
  let lineNo = 0; // lines before the current chunk (valid while tracking)
  let tracking = true;
  let lastEmitted = 0; // last line number written to out
  let afterLeft = 0; // context lines still owed after the last match
  let prevTail: string[] = []; // last `context` lines of the previous chunk
  let outBytes = 0;
  let full = false; // output reached maxOutputBytes
  let skippedLines = 0;
  let skipping = false; // inside a line longer than MAX_GREP_LINE_BYTES

  /** Adds a line of output; false (and nothing more is added) once it would not fit. */
  const emit = (n: number, text: string, sep: ':' | '-', at = 0): boolean => {
    if (full) return false;
    if (n <= lastEmitted) return true;
    const sepLine = lastEmitted && n > lastEmitted + 1 && o.context > 0 ? '--' : undefined;
    const line = `${n}${sep}${clipLine(show(text), o.maxLineChars, at)}`;
    const size = Buffer.byteLength(line) + 1 + (sepLine ? 3 : 0);
    // The first line always goes in (the caller cuts it to size); later ones only if they fit.
    if (out.length && outBytes + size > o.maxOutputBytes) {
      full = true;
      return false;
    }
    if (sepLine) out.push(sepLine);
    out.push(line);
    outBytes += size;
    lastEmitted = n;
    return true;
  };

  const fd = openRegularSync(file);
  try {
    // One buffer for the whole scan: the partial last line of a read moves to its front and the
    // next read fills the rest, so no chunk is ever concatenated or reallocated (flat memory).
    let buf = Buffer.allocUnsafe(CHUNK);
    let carry = 0; // bytes of an unfinished line at the front of buf
    let pos = 0;
    for (;;) {
      if (carry === buf.length) {
        if (buf.length >= MAX_GREP_LINE_BYTES) {
          // A line too long to search with bounded memory: skip to its end.
          skipping = true;
          carry = 0;
        } else {
          // A line longer than the buffer: grow it (only such a line costs more memory).
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, carry);
          buf = bigger;
        }
      }
      const n = readSync(fd, buf, carry, buf.length - carry, pos);
      pos += n;
      o.onProgress?.(pos);
      const eof = n === 0;
      let end = carry + n;
      if (skipping) {
        const nl = buf.indexOf(10, 0);
        if (nl === -1 || nl >= end) {
          if (eof) {
            skippedLines++;
            break;
          }
          continue;
        }
        // The long line ends here: count it, drop the context around it, go on after it.
        skipping = false;
        skippedLines++;
        if (tracking) lineNo++;
        afterLeft = 0;
        prevTail = [];
        buf.copy(buf, 0, nl + 1, end);
        end -= nl + 1;
        carry = 0;
        if (end === 0) {
          if (eof) break;
          continue;
        }
      }
      if (end === 0) break;
      let cut = end;
      if (!eof) {
        const nl = buf.lastIndexOf(10, end - 1);
        if (nl === -1 || nl < carry - 1) {
          carry = end; // no newline yet: keep reading
          continue;
        }
        cut = nl + 1;
      }
      const data = buf.subarray(0, cut);
      const s = data.toString(enc);
      let counted = 0;
      let lineAt = lineNo; // line number (0-based count of newlines) at offset `counted`
      // Context owed from the previous chunk's last match.
      if (tracking && afterLeft > 0) {
        let p = 0;
        while (afterLeft > 0 && p < s.length) {
          const e = s.indexOf('\n', p);
          const end = e === -1 ? s.length : e;
          if (!emit(lineNo + countNewlines(s, 0, p) + 1, s.slice(p, end), '-')) afterLeft = 0;
          else afterLeft--;
          p = end + 1;
        }
      }
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(s)) !== null) {
        const ls = m.index === 0 ? 0 : s.lastIndexOf('\n', m.index - 1) + 1;
        let le = s.indexOf('\n', m.index);
        if (le === -1) le = s.length;
        // A match ending in the newline itself (e.g. /$/) belongs to this line.
        if (le < ls) le = s.length;
        matching++;
        if (tracking && returned < o.maxMatches && !full) {
          lineAt += countNewlines(s, counted, ls);
          counted = ls;
          const num = lineAt + 1;
          if (o.context > 0) {
            // Lines before: from this chunk, then from the previous chunk's tail.
            const before: string[] = [];
            let p = ls;
            while (before.length < o.context && p > 0) {
              const st = s.lastIndexOf('\n', p - 2) + 1;
              before.unshift(s.slice(st, p - 1));
              p = st;
            }
            const fromPrev = o.context - before.length;
            const prev = fromPrev > 0 && p === 0 ? prevTail.slice(-fromPrev) : [];
            const all = [...prev, ...before];
            all.forEach((t, i) => emit(num - all.length + i, t, '-'));
          }
          if (emit(num, s.slice(ls, le), ':', m.index - ls)) {
            returned++;
            afterLeft = o.context;
          }
          // Lines after, within this chunk.
          let p = le + 1;
          let k = 1;
          while (afterLeft > 0 && p < s.length) {
            const e = s.indexOf('\n', p);
            const end = e === -1 ? s.length : e;
            if (!emit(num + k, s.slice(p, end), '-')) afterLeft = 0;
            else afterLeft--;
            k++;
            p = end + 1;
          }
        }
        re.lastIndex = le + 1;
        if (le >= s.length) break;
      }
      if (tracking) {
        lineNo = lineAt + countNewlines(s, counted, s.length);
        if (o.context > 0) {
          const tail: string[] = [];
          let p = s.length - (s.endsWith('\n') ? 1 : 0);
          while (tail.length < o.context && p > 0) {
            const st = s.lastIndexOf('\n', p - 1) + 1;
            tail.unshift(s.slice(st, p));
            p = st - 1;
          }
          prevTail = tail;
        }
        if ((returned >= o.maxMatches || full) && afterLeft === 0) tracking = false;
      }
      // Move the unfinished line to the front for the next read.
      if (cut < end) buf.copy(buf, 0, cut, end);
      carry = end - cut;
      if (eof) break;
    }
  } finally {
    closeSync(fd);
  }
  return { matchingLines: matching, output: out, returned, full, skippedLines };
}
