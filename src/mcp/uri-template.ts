/**
 * Does a URI fit a resource template (RFC 6570 style, as servers list them)? `{name}` stands for
 * one or more characters other than `/`, `{+name}` and `{#name}` for one or more of any character
 * but a line break; everything else is literal. Matched by stepping a set of positions in the
 * template along the URI (an NFA), never by a regex built from the template: a downstream's
 * template like `{a}{b}{c}{d}…` makes a backtracking regex exponential. Cost: URI length × number
 * of template parts, and templates longer than MAX_TEMPLATE only match themselves.
 */

type Part = { lit: number } | { any: boolean };

const MAX_TEMPLATE = 1024;
const isLineBreak = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

function parts(template: string): Part[] {
  const out: Part[] = [];
  for (let i = 0; i < template.length; i++) {
    if (template[i] === '{') {
      const close = template.indexOf('}', i + 1);
      if (close > i + 1) {
        const op = template[i + 1];
        out.push({ any: (op === '+' || op === '#') && close > i + 2 });
        i = close;
        continue;
      }
    }
    out.push({ lit: template.charCodeAt(i) });
  }
  return out;
}

/**
 * True when `uri` is one of the URIs `template` describes. Query expressions (`{?a,b}`, `{&c}`)
 * are optional and match whatever query the URI has.
 */
export function matchesTemplate(template: string, uri: string): boolean {
  const q = template.search(/\{[?&][^}]*\}/);
  if (q === -1) return pathMatches(template, uri);
  const rest = template.slice(template.indexOf('}', q) + 1);
  if (rest.includes('{')) return false; // expressions after a query expression: not something servers list
  const at = uri.indexOf('?');
  return pathMatches(template.slice(0, q) + rest, at === -1 ? uri : uri.slice(0, at));
}

function pathMatches(template: string, uri: string): boolean {
  if (template === uri) return true;
  if (template.length > MAX_TEMPLATE || !template.includes('{')) return false;
  const ps = parts(template);
  const m = ps.length;
  // on[k]: the URI read so far can end in front of part k (k = m: the whole template matched).
  let on = new Uint8Array(m + 1);
  let next = new Uint8Array(m + 1);
  on[0] = 1;
  for (let i = 0; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    next.fill(0);
    let any = false;
    for (let k = 0; k <= m; k++) {
      if (!on[k]) continue;
      // Stay inside the variable just read (it takes one more character).
      const prev = ps[k - 1];
      if (prev && 'any' in prev && (prev.any ? !isLineBreak(c) : c !== 47)) {
        next[k] = 1;
        any = true;
      }
      const p = ps[k];
      if (!p) continue;
      if ('lit' in p ? p.lit === c : p.any ? !isLineBreak(c) : c !== 47) {
        next[k + 1] = 1;
        any = true;
      }
    }
    if (!any) return false;
    [on, next] = [next, on];
  }
  return on[m] === 1;
}
