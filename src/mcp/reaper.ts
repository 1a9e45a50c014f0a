import { spawn, type ChildProcess } from 'node:child_process';
import { log } from '../util/log.js';

/**
 * A watchdog that outlives mini-a only to end what mini-a started. It is a tiny `sh` process in
 * its own session, reading process group ids from a pipe (`+pgid` when a server starts, `-pgid`
 * when it has been ended). When the pipe closes — mini-a exited, crashed or was SIGKILLed, since
 * the kernel closes the pipe whatever kills us — it sends SIGTERM, then SIGKILL after a grace
 * period, to every group still registered. So no server outlives mini-a, however it dies.
 */
const SCRIPT = `trap '' INT HUP QUIT
groups=""
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups \${line#+}" ;;
    -*) g=\${line#-}; keep=""; for x in $groups; do [ "$x" = "$g" ] || keep="$keep $x"; done; groups=$keep ;;
  esac
done
[ -z "$groups" ] && exit 0
for g in $groups; do kill -TERM -$g 2>/dev/null; done
sleep "\${1:-1}"
for g in $groups; do kill -KILL -$g 2>/dev/null; done
exit 0`;

let reaper: ChildProcess | undefined;
let broken = false;

function ensure(graceSec: number): ChildProcess | undefined {
  if (reaper || broken) return reaper;
  try {
    const child = spawn('/bin/sh', ['-c', SCRIPT, 'mini-a-reaper', String(graceSec)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', (e) => {
      broken = true;
      reaper = undefined;
      log.debug(`reaper: ${e.message}; servers are still ended at exit, but not after a SIGKILL`);
    });
    child.stdin!.on('error', () => {});
    // The reaper must not keep mini-a alive, and its pipe must not either.
    child.unref();
    (child.stdin as unknown as { _handle?: { unref?: () => void } })._handle?.unref?.();
    reaper = child;
  } catch (e) {
    broken = true;
    log.debug(`reaper: cannot start (${(e as Error).message})`);
  }
  return reaper;
}

/** Tells the reaper about a new process group to end if mini-a dies. */
export function reaperWatch(pgid: number, graceSec = 1): void {
  ensure(graceSec)?.stdin?.write(`+${pgid}\n`);
}

/** Tells the reaper a process group has been ended by mini-a itself. */
export function reaperForget(pgid: number): void {
  reaper?.stdin?.write(`-${pgid}\n`);
}

/** Process id of the reaper, if one runs (tests look for it). */
export function reaperPid(): number | undefined {
  return reaper?.pid;
}
