import { redact } from './redact.js';

/** Log levels, quietest first. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

let level: LogLevel = 'warn';
let sink: (line: string) => void = (line) => process.stderr.write(line + '\n');

/** Sets the global log level (`debug=true` -> debug, `quiet=true` -> error). */
export function setLogLevel(l: LogLevel): void {
  level = l;
}

/** Current log level. */
export function getLogLevel(): LogLevel {
  return level;
}

/** Redirects log lines (tests capture them to check that secrets never appear). */
export function setLogSink(fn: (line: string) => void): void {
  sink = fn;
}

function emit(l: Exclude<LogLevel, 'silent'>, msg: string): void {
  if (ORDER[l] > ORDER[level]) return;
  sink(`[mini-a ${l}] ${redact(msg)}`);
}

/** Leveled logger on stderr; every line passes through `redact`. */
export const log = {
  error: (msg: string) => emit('error', msg),
  warn: (msg: string) => emit('warn', msg),
  info: (msg: string) => emit('info', msg),
  debug: (msg: string) => emit('debug', msg),
  enabled: (l: LogLevel) => ORDER[l] <= ORDER[level],
};
