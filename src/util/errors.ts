/** Bad input from the user (CLI arguments, config): exit code 2, message only, never a stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Text of any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : JSON.stringify(e);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

const MAX_TYPO_LENGTH = 200;

/** The candidate closest to `word`, if it is close enough to be a plausible typo. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  // The edit distance is quadratic; a name this long is no typo (and may be hostile).
  if (word.length > MAX_TYPO_LENGTH) return undefined;
  let best: string | undefined;
  let bestD = Infinity;
  const w = word.toLowerCase();
  for (const c of candidates) {
    if (c.length > MAX_TYPO_LENGTH) continue;
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  const limit = Math.max(2, Math.floor(w.length / 3));
  return best !== undefined && bestD <= limit ? best : undefined;
}

/** ` (did you mean 'x'?)` when `word` is a plausible typo of a candidate, else ''. */
export function didYouMean(word: unknown, candidates: Iterable<string>): string {
  const hint = typeof word === 'string' ? nearest(word, candidates) : undefined;
  return hint ? ` (did you mean '${hint}'?)` : '';
}
