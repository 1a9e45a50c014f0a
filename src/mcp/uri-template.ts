/**
 * Does a URI match a server's URI template (RFC 6570)? Templates come from servers, so no regex
 * is built from them: the URI is walked left to right, each expression taking the text up to the
 * next literal (simple expressions the first occurrence, `{+x}` reserved expansion the last one).
 * Linear in the URI for each part of the template, and no backtracking; real templates
 * (`file:///{+path}`, `repo://{owner}/{repo}/issues/{n}{?state}`) match as expected.
 */

type Part = { lit: string } | { op: string };

const MAX_TEMPLATE = 2048;
const MAX_URI = 64 * 1024;
const MAX_PARTS = 64;

function parse(template: string): Part[] | undefined {
  const parts: Part[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) {
      parts.push({ lit: template.slice(i) });
      break;
    }
    if (open > i) parts.push({ lit: template.slice(i, open) });
    const close = template.indexOf('}', open);
    if (close === -1) return undefined;
    const body = template.slice(open + 1, close);
    const op = '+#./;?&'.includes(body[0] ?? '') ? body[0]! : '';
    parts.push({ op });
    i = close + 1;
    if (parts.length > MAX_PARTS) return undefined;
  }
  return parts;
}

const STOPS_SIMPLE = '/?#';

/** True when `uri` is an expansion of `template`. */
export function matchesTemplate(template: string, uri: string): boolean {
  if (template.length > MAX_TEMPLATE || uri.length > MAX_URI) return false;
  const parts = parse(template);
  if (!parts) return false;
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if ('lit' in part) {
      if (!uri.startsWith(part.lit, pos)) return false;
      pos += part.lit.length;
      continue;
    }
    const next = parts[i + 1];
    const nextLit = next && 'lit' in next ? next.lit : undefined;
    switch (part.op) {
      case '?':
      case '&': {
        // Optional query: `?a=1&b=2` up to a fragment.
        if (pos === uri.length) break;
        if (uri[pos] !== '?' && uri[pos] !== '&') {
          if (part.op === '?') return false;
          break;
        }
        const hash = uri.indexOf('#', pos);
        pos = hash === -1 ? uri.length : hash;
        break;
      }
      case '#':
        if (uri[pos] === '#') pos = nextLit ? Math.max(pos + 1, uri.lastIndexOf(nextLit)) : uri.length;
        break;
      case '/':
      case '.':
      case ';': {
        // One prefixed segment, optional.
        if (uri[pos] !== part.op) break;
        let end = pos + 1;
        while (end < uri.length && !STOPS_SIMPLE.includes(uri[end]!) && !(part.op !== '/' && uri[end] === part.op)) end++;
        pos = end;
        break;
      }
      case '+': {
        const end = nextLit ? uri.lastIndexOf(nextLit) : uri.length;
        if (end <= pos) return false;
        pos = end;
        break;
      }
      default: {
        // Simple expansion: one or more characters without '/', '?' or '#', up to the next literal.
        let end = pos;
        if (nextLit) {
          end = uri.indexOf(nextLit, pos + 1);
          if (end === -1) return false;
        } else {
          while (end < uri.length && !STOPS_SIMPLE.includes(uri[end]!)) end++;
        }
        if (end <= pos) return false;
        for (let k = pos; k < end; k++) if (STOPS_SIMPLE.includes(uri[k]!)) return false;
        pos = end;
      }
    }
  }
  return pos === uri.length;
}
