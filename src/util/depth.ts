/**
 * True when `value` nests objects/arrays more than `max` levels deep (a scalar is depth 0, `{}` and
 * `[]` are 1). Iterative, and it stops at the first path that goes too deep, so a hostile
 * 100,000-level value costs no more than `max` levels of it and never overflows the stack.
 */
export function depthExceeds(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max < 1) return true;
  const stack: Array<[object, number]> = [[value, 1]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child === null || typeof child !== 'object') continue;
      if (d + 1 > max) return true;
      stack.push([child, d + 1]);
    }
  }
  return false;
}
