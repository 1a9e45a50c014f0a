/**
 * The code-mode sandbox: JavaScript runs in QuickJS compiled to WebAssembly (quickjs-emscripten,
 * no native build), loaded only when action=run is first used. The script sees only what is put
 * in its global scope here: `console` (captured) and the host functions (`mcp.*`). There is no
 * file system, network, process, module loader or timer in it. Limits: wall time (an interrupt
 * stops busy loops; pending host calls are aborted), memory of the QuickJS runtime, and the number
 * of host calls. Each breach is a SandboxError saying which limit and how to raise it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { log } from '../util/log.js';
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSSyncVariant, QuickJSWASMModule } from 'quickjs-emscripten-core';

/** What a script may use. */
export interface SandboxLimits {
  timeMs: number;
  memoryBytes: number;
  maxCalls: number;
}

/** A host function the script calls as `mcp.NAME(...)`: arguments as JSON values; the result must be JSON. */
export type HostFunction = (args: unknown[], signal: AbortSignal) => Promise<unknown>;

/** What a script came to. */
export interface SandboxOutcome {
  /** The script's return value (undefined when it returned nothing). */
  value: unknown;
  logs: string[];
  logsTruncated: boolean;
  calls: number;
}

export type SandboxErrorKind = 'time' | 'memory' | 'calls' | 'script' | 'result' | 'cancelled';

/** A script that failed or broke a limit; `logs` holds what it printed before. */
export class SandboxError extends Error {
  override name = 'SandboxError';
  constructor(
    message: string,
    readonly kind: SandboxErrorKind,
    readonly logs: string[] = [],
  ) {
    super(message);
  }
}

const MAX_LOG_LINES = 200;
const MAX_LOG_BYTES = 16 * 1024;
const MAX_LOG_LINE = 2000;
/** QuickJS's own stack: deep recursion stops here instead of overflowing the host. */
const STACK_BYTES = 512 * 1024;

/** The emscripten heap a QuickJS instance starts with (its data, stack and first allocations). */
const BASE_MEMORY = 16 * 1024 * 1024;
const PAGE = 64 * 1024;

/** The parts of the WebAssembly global used here (the compile target's lib has only its types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
  Memory: new (d: { initial: number; maximum: number }) => WasmMemory;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type Loaded = { core: typeof import('quickjs-emscripten-core'); variant: QuickJSSyncVariant; wasm: WebAssembly.Module };
let loading: Promise<Loaded> | undefined;

/** The QuickJS library and its compiled WebAssembly, loaded once, on first use. */
function load(): Promise<Loaded> {
  loading ??= (async () => {
    const [core, variant] = await Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]);
    const file = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
    const wasm = await wasmApi.compile(await readFile(file));
    // The package's types describe its CommonJS build; the ESM build exports the variant as default.
    return { core, variant: (variant as unknown as { default: QuickJSSyncVariant }).default, wasm };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * A fresh QuickJS instance for one script, in a WebAssembly memory that cannot grow past
 * BASE_MEMORY + `memoryBytes`: QuickJS's own limit does not add up allocations in this build
 * (it sees their sizes as 0), so the hard cap is the memory itself. A script's instance is thrown
 * away after it, so a breach cannot leave anything behind for the next one.
 */
async function newInstance(memoryBytes: number): Promise<{ module: QuickJSWASMModule; memory: WasmMemory }> {
  const { core, variant, wasm } = await load();
  const memory = new wasmApi.Memory({ initial: BASE_MEMORY / PAGE, maximum: Math.ceil((BASE_MEMORY + memoryBytes) / PAGE) });
  const quiet = (...a: unknown[]) => log.debug(`quickjs: ${a.map(String).join(' ')}`);
  const module = await core.newQuickJSWASMModuleFromVariant(core.newVariant(variant, { wasmModule: wasm, wasmMemory: memory as never, emscriptenModule: { print: quiet, printErr: quiet } as never }));
  return { module, memory };
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Runs `code` as the body of an async function; its return value is the outcome's value. */
export async function runSandboxed(code: string, host: Record<string, HostFunction>, limits: SandboxLimits, signal?: AbortSignal): Promise<SandboxOutcome> {
  const { module: QuickJS, memory } = await newInstance(limits.memoryBytes);
  const memoryFull = () => memory.buffer.byteLength + 4 * 1024 * 1024 >= BASE_MEMORY + limits.memoryBytes;
  const runtime: QuickJSRuntime = QuickJS.newRuntime();
  const vm: QuickJSContext = runtime.newContext();
  const abort = new AbortController();
  const onOuterAbort = () => fail(new SandboxError('cancelled by the caller', 'cancelled'));
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const logs: string[] = [];
  let logBytes = 0;
  let logsTruncated = false;
  let calls = 0;
  let done = false;
  let clean = false;
  let breach: SandboxError | undefined;
  let onBreach: (e: SandboxError) => void = () => {};
  const breached = new Promise<never>((_, reject) => (onBreach = reject));
  breached.catch(() => {});
  const deferreds = new Set<QuickJSDeferredPromise>();
  const deadline = Date.now() + limits.timeMs;
  const timeError = () => new SandboxError(`time limit: the script ran over ${limits.timeMs} ms (runtimeout=MS raises it)`, 'time');

  function fail(e: SandboxError): void {
    if (breach) return;
    breach = e;
    abort.abort(breach);
    onBreach(breach);
  }

  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  // Called often while the script computes: stops busy loops at the deadline or on a breach.
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline) fail(timeError());
    return breach !== undefined;
  });

  /** A host value as a QuickJS value, through JSON.parse inside (only data crosses). */
  const toVm = (v: unknown): QuickJSHandle => {
    const text = vm.newString(JSON.stringify(v === undefined ? null : v));
    const json = vm.getProp(vm.global, 'JSON');
    const parse = vm.getProp(json, 'parse');
    const r = vm.callFunction(parse, json, text);
    for (const h of [text, parse, json]) h.dispose();
    if (r.error) {
      const msg = describeError(vm, r.error);
      r.error.dispose();
      const c = classify(msg, limits, memoryFull());
      if (c.kind !== 'script') fail(c);
      throw new Error(msg);
    }
    return r.value;
  };

  /** A QuickJS value as text for console output. */
  const show = (h: QuickJSHandle): string => {
    const v: unknown = vm.dump(h);
    return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  };

  const capture = (level: string, parts: QuickJSHandle[]) => {
    if (logsTruncated) return;
    let line = parts.map(show).join(' ');
    if (line.length > MAX_LOG_LINE) line = `${line.slice(0, MAX_LOG_LINE)}…`;
    if (level !== 'log' && level !== 'info') line = `[${level}] ${line}`;
    if (logs.length >= MAX_LOG_LINES || logBytes + line.length > MAX_LOG_BYTES) {
      logsTruncated = true;
      return;
    }
    logs.push(line);
    logBytes += line.length + 1;
  };

  try {
    const consoleObj = vm.newObject();
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
      const fn = vm.newFunction(level, (...args) => void capture(level, args));
      vm.setProp(consoleObj, level, fn);
      fn.dispose();
    }
    vm.setProp(vm.global, 'console', consoleObj);
    consoleObj.dispose();

    const mcp = vm.newObject();
    for (const [name, impl] of Object.entries(host)) {
      const fn = vm.newFunction(name, (...argHandles) => {
        if (calls >= limits.maxCalls) {
          fail(new SandboxError(`call limit: the script made more than ${limits.maxCalls} mcp calls (runcalls=N raises it)`, 'calls'));
          throw new Error(`call limit of ${limits.maxCalls} reached`);
        }
        calls++;
        const args = argHandles.map((h) => vm.dump(h) as unknown);
        const deferred = vm.newPromise();
        deferreds.add(deferred);
        impl(args, abort.signal).then(
          (v) => {
            if (done || !deferred.alive) return;
            let h: QuickJSHandle | undefined;
            try {
              h = toVm(v);
              deferred.resolve(h);
            } catch (e) {
              const err = vm.newError({ name: 'Error', message: `mcp.${name}: its result could not enter the sandbox (${(e as Error).message})` });
              deferred.reject(err);
              err.dispose();
            } finally {
              h?.dispose();
            }
          },
          (e: unknown) => {
            if (done || !deferred.alive) return;
            const err = vm.newError({ name: 'Error', message: `mcp.${name}: ${(e as Error)?.message ?? String(e)}` });
            deferred.reject(err);
            err.dispose();
          },
        ).finally(() => {
          if (done) return;
          deferreds.delete(deferred);
          deferred.dispose();
          // Runs what waited on this call (the interrupt handler still guards the time).
          runtime.executePendingJobs();
        });
        return deferred.handle;
      });
      vm.setProp(mcp, name, fn);
      fn.dispose();
    }
    vm.setProp(vm.global, 'mcp', mcp);
    mcp.dispose();

    // The body of an async function: `await` and `return` work at the top; line numbers match.
    const started = vm.evalCode(`(async () => {${code}\n})()`, 'run.js');
    if (started.error) {
      const msg = describeError(vm, started.error);
      started.error.dispose();
      throw breach ?? classify(msg, limits, memoryFull());
    }
    const promise = started.value;
    const settled = vm.resolvePromise(promise);
    promise.dispose();
    runtime.executePendingJobs();
    // While the script waits on host calls, the timer keeps the deadline.
    const timer = setTimeout(() => fail(timeError()), Math.max(0, deadline - Date.now()));
    let outcome: Awaited<typeof settled>;
    try {
      outcome = await Promise.race([settled, breached]);
    } finally {
      clearTimeout(timer);
    }
    if (breach) {
      if (outcome.error) outcome.error.dispose();
      else outcome.value.dispose();
      throw breach;
    }
    if (outcome.error) {
      const msg = describeError(vm, outcome.error);
      outcome.error.dispose();
      throw breach ?? classify(msg, limits, memoryFull());
    }
    const value = resultOf(vm, outcome.value, limits, memoryFull);
    outcome.value.dispose();
    clean = deferreds.size === 0;
    return { value, logs, logsTruncated, calls };
  } catch (e) {
    const err = e instanceof SandboxError ? e : classify((e as Error)?.message ?? String(e), limits, memoryFull());
    throw new SandboxError(err.message, err.kind, logs);
  } finally {
    done = true;
    signal?.removeEventListener('abort', onOuterAbort);
    abort.abort(new SandboxError('the script ended', 'cancelled'));
    // After a failure objects may still be alive inside; the instance is dropped whole instead.
    if (clean) {
      for (const d of deferreds) if (d.alive) d.dispose();
      try {
        vm.dispose();
        runtime.dispose();
      } catch (e) {
        log.debug(`quickjs: dispose failed: ${(e as Error).message}`);
      }
    }
  }
}

/** An error a script threw, as `Name: message (at run.js:LINE)`. */
function describeError(vm: QuickJSContext, h: QuickJSHandle): string {
  const e = vm.dump(h) as { name?: string; message?: string; stack?: string } | string | undefined;
  if (!e || typeof e !== 'object') return String(e);
  const where = /run\.js:(\d+)(?::(\d+))?/.exec(e.stack ?? '');
  return `${e.name ?? 'Error'}: ${e.message ?? ''}${where ? ` (line ${where[1]}${where[2] ? `, column ${where[2]}` : ''})` : ''}`;
}

/** A QuickJS error message as a SandboxError: limits by name, the rest as the script's own error. */
function classify(msg: string, limits: SandboxLimits, memoryFull = false): SandboxError {
  // An allocation that failed at the cap may leave no error object to describe ('null').
  if (/out of memory/i.test(msg) || (memoryFull && /^(null|undefined)$/.test(msg))) return new SandboxError(`memory limit: the script used over ${mb(limits.memoryBytes)} (runmemory=MB raises it)`, 'memory');
  if (/stack overflow|Maximum call stack/i.test(msg)) return new SandboxError(`memory limit: stack overflow (recursion too deep; the stack has ${STACK_BYTES / 1024} KB)`, 'memory');
  if (/interrupted/i.test(msg)) return new SandboxError(`time limit: the script ran over ${limits.timeMs} ms (runtimeout=MS raises it)`, 'time');
  return new SandboxError(`the script failed: ${msg}`, 'script');
}

/** The script's return value as JSON data; functions and cycles are refused. */
function resultOf(vm: QuickJSContext, h: QuickJSHandle, limits: SandboxLimits, memoryFull: () => boolean): unknown {
  const type = vm.typeof(h);
  if (type === 'undefined') return undefined;
  if (type === 'function') throw new SandboxError('the script returned a function; return data (objects, arrays, strings, numbers)', 'result');
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  const r = vm.callFunction(stringify, json, h);
  stringify.dispose();
  json.dispose();
  if (r.error) {
    const msg = describeError(vm, r.error);
    r.error.dispose();
    const c = classify(msg, limits, memoryFull());
    throw c.kind === 'script' ? new SandboxError(`the script's return value is not JSON data: ${msg}`, 'result') : c;
  }
  const text = vm.typeof(r.value) === 'string' ? vm.getString(r.value) : undefined;
  r.value.dispose();
  return text === undefined ? undefined : JSON.parse(text);
}
