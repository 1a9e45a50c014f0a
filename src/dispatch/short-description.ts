/** A description's lead sentence, as hits show it and as the search and the learned vectors index it. */

/** First sentence (or first 160 characters) of a description. */
export function shortDescription(text: string | undefined, max = 160): string {
  if (!text) return '';
  // A sentence longer than `max` is cut like the text it starts, so only a sentence ending within the
  // first `max` characters changes the answer, and telling one needs the two after it (its space and
  // capital): the first `max` + 3 characters say as much as the whole text.
  const scan = Math.min(max + 3, SENTENCE_SCAN);
  const flat = flatPrefix(text, Math.max(scan, max + 1));
  const sentence = /^(.{20,}?[.!?])(?=\s+[A-Z([]|$)/.exec(flat.slice(0, scan))?.[1] ?? flat;
  return sentence.length > max ? sentence.slice(0, max - 1) + '…' : sentence;
}

/** The first sentence is looked for in at most this many characters. */
const SENTENCE_SCAN = 2000;

/**
 * The text with each run of white space one space, trimmed (`replace(/\s+/g, ' ').trim()`): all of it,
 * or a prefix of at least `need` characters (descriptions of 34,500 characters need only their first
 * sentence). By hand, in one pass that stops there (against the regular expression over each
 * growing prefix: 0.95× the time of a first index build in alternate fresh processes, within noise).
 */
function flatPrefix(text: string, need: number): string {
  const n = text.length;
  let out = '';
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  let from = i;
  while (i < n) {
    if (!isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    out += text.slice(from, i);
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i === n || out.length >= need) return out;
    out += ' ';
    from = i;
  }
  return out + text.slice(from);
}

/** What `\s` matches: ASCII white space, the no-break and other Unicode spaces, line and paragraph separators, the byte-order mark. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
