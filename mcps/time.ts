#!/usr/bin/env node
/**
 * mcps/time — current time, conversion between time zones and formatting (Mini-A's mcp-time).
 * Run: node dist/mcps/time.js   (stdio)
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function checkZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new Error(`unknown time zone '${tz}'; use an IANA name such as 'Europe/Lisbon', 'America/New_York' or 'UTC'`);
  }
}

/** Wall-clock parts of an instant in a zone. */
function parts(ms: number, tz: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year), month: Number(p.month), day: Number(p.day),
    hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second),
    ms: ((ms % 1000) + 1000) % 1000, weekday: p.weekday as string,
  };
}

/** Offset of `tz` from UTC at instant `ms`, in minutes. */
function offsetMinutes(ms: number, tz: string): number {
  const p = parts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms);
  return Math.round((asUtc - ms) / 60000);
}

function fmtOffset(min: number): string {
  const sign = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Formats with tokens yyyy MM MMM dd HH mm ss SSS EEE Z. */
function format(ms: number, tz: string, pattern: string): string {
  const p = parts(ms, tz);
  const tokens: Record<string, string> = {
    yyyy: String(p.year), MMM: MONTHS[p.month - 1]!, MM: pad(p.month), dd: pad(p.day), HH: pad(p.hour),
    mm: pad(p.minute), ss: pad(p.second), SSS: pad(p.ms, 3), EEE: p.weekday, Z: fmtOffset(offsetMinutes(ms, tz)),
  };
  return pattern.replace(/yyyy|MMM|MM|dd|HH|mm|ss|SSS|EEE|Z/g, (t) => tokens[t]!);
}

function iso(ms: number, tz: string): string {
  return format(ms, tz, 'yyyy-MM-ddTHH:mm:ss.SSSZ');
}

/** Instant of a wall-clock time in `tz` ("2026-03-01 14:30", "14:30" = today there, or ISO with offset). */
function parseWall(text: string, tz: string): number {
  const t = text.trim();
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(t) && /\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t);
    if (Number.isNaN(ms)) throw new Error(`cannot read time '${text}'`);
    return ms;
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  let y: number, mo: number, d: number, h = 0, mi = 0, s = 0;
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[4]) [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  } else if ((m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t))) {
    const now = parts(Date.now(), tz);
    [y, mo, d] = [now.year, now.month, now.day];
    [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  } else {
    throw new Error(`cannot read time '${text}'; use 'YYYY-MM-DD HH:MM', 'HH:MM' or ISO 8601`);
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) throw new Error(`time '${text}' is out of range`);
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset around DST changes.
  let ms = guess - offsetMinutes(guess, tz) * 60000;
  ms = guess - offsetMinutes(ms, tz) * 60000;
  return ms;
}

function describe(ms: number, tz: string) {
  const p = parts(ms, tz);
  return { timezone: tz, iso: iso(ms, tz), date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`, weekday: p.weekday, utcOffset: fmtOffset(offsetMinutes(ms, tz)), epochMs: ms };
}

function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

function fail(e: unknown): CallToolResult {
  return { content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }], isError: true };
}

const server = new McpServer({ name: 'mini-a-time', version: '0.1.0' });

server.registerTool(
  'current_time',
  {
    description: 'Current date and time in a time zone (IANA name; default the local zone), with UTC offset and weekday.',
    inputSchema: { timezone: z.string().optional().describe("IANA time zone, e.g. 'Europe/Lisbon'") },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { tags: ['time', 'clock'] },
  },
  async ({ timezone }) => {
    try {
      return ok(describe(Date.now(), checkZone(timezone ?? localZone)));
    } catch (e) {
      return fail(e);
    }
  },
);

server.registerTool(
  'convert_time',
  {
    description: 'Convert a wall-clock time from one time zone to another (handles daylight saving).',
    inputSchema: {
      time: z.string().describe("'YYYY-MM-DD HH:MM', 'HH:MM' (today) or ISO 8601"),
      from_timezone: z.string().describe('IANA zone the time is given in'),
      to_timezone: z.string().describe('IANA zone to convert to'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { tags: ['time', 'timezone'] },
  },
  async ({ time, from_timezone, to_timezone }) => {
    try {
      const ms = parseWall(time, checkZone(from_timezone));
      const from = describe(ms, from_timezone);
      const to = describe(ms, checkZone(to_timezone));
      const diffH = (offsetMinutes(ms, to_timezone) - offsetMinutes(ms, from_timezone)) / 60;
      return ok({ source: from, target: to, timeDifferenceHours: diffH });
    } catch (e) {
      return fail(e);
    }
  },
);

server.registerTool(
  'format_time',
  {
    description: 'Format a time (default now) with a pattern of tokens yyyy MM MMM dd HH mm ss SSS EEE Z, in a time zone.',
    inputSchema: {
      pattern: z.string().describe("e.g. 'yyyy-MM-dd HH:mm' or 'EEE dd MMM yyyy'"),
      time: z.string().optional().describe('time to format (ISO 8601 or epoch ms); default now'),
      timezone: z.string().optional().describe('IANA zone; default the local zone'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { tags: ['time', 'format'] },
  },
  async ({ pattern, time, timezone }) => {
    try {
      const tz = checkZone(timezone ?? localZone);
      const ms = time === undefined ? Date.now() : /^\d+$/.test(time) ? Number(time) : parseWall(time, tz);
      return ok({ formatted: format(ms, tz, pattern), timezone: tz });
    } catch (e) {
      return fail(e);
    }
  },
);

server.registerTool(
  'list_timezones',
  {
    description: 'List IANA time zone names, optionally filtered by a substring (e.g. "Europe" or "York").',
    inputSchema: { filter: z.string().optional() },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { tags: ['timezone'] },
  },
  async ({ filter }) => {
    const all = Intl.supportedValuesOf('timeZone');
    const f = filter?.toLowerCase();
    const zones = f ? all.filter((z) => z.toLowerCase().includes(f)) : all;
    return ok({ count: zones.length, timezones: zones });
  },
);

await server.connect(new StdioServerTransport());
