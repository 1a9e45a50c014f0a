/**
 * Plays the user's browser in tests and in the conformance adapter: opens the authorization URL
 * mini-a printed and follows redirects (keeping cookies, as a browser would) until one lands on
 * mini-a's loopback redirect, which it then requests. Only loopback and the test's own servers
 * are ever contacted.
 */

/** The URL in mini-a's `mini-a: open <URL> to authorize <server>` line, if `line` is one. */
export function loginUrlOf(line: string): string | undefined {
  const prefix = 'mini-a: open ';
  if (!line.startsWith(prefix)) return undefined;
  const rest = line.slice(prefix.length);
  const end = rest.indexOf(' to authorize ');
  return end > 0 ? rest.slice(0, end) : undefined;
}

/** GETs `url` and follows redirects (at most `maxHops`) until mini-a's /callback has answered; returns its status. */
export async function playBrowser(url: string, maxHops = 20): Promise<{ status: number; finalUrl: string }> {
  const jar = new Map<string, Map<string, string>>();
  let current = new URL(url);
  for (let hop = 0; hop < maxHops; hop++) {
    const cookies = jar.get(current.host);
    const headers: Record<string, string> = {};
    if (cookies?.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(current, { redirect: 'manual', headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const m = jar.get(current.host) ?? new Map<string, string>();
      m.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      jar.set(current.host, m);
    }
    await res.arrayBuffer().catch(() => undefined);
    const location = res.headers.get('location');
    const isCallback = current.hostname === '127.0.0.1' && current.pathname === '/callback';
    if (isCallback || !location || res.status < 300 || res.status >= 400) return { status: res.status, finalUrl: current.toString() };
    current = new URL(location, current);
  }
  throw new Error(`more than ${maxHops} redirects from ${url}`);
}
