import { spawn, type ChildProcess } from 'node:child_process';
import { log } from './log.js';

/**
 * A watchdog that outlives mini-a only to end what mini-a started. It is a tiny `sh` process in
 * its own session, reading from a pipe: `+pgid` when a server starts, `-pgid` when it has been
 * ended, `dPATH` for a private temp directory, `xPATH` when that directory is gone. When the pipe
 * closes — mini-a exited, crashed or was SIGKILLed, since the kernel closes the pipe whatever kills
 * us — it sends SIGTERM, then SIGKILL after a grace period, to every group still registered, and
 * removes the directories still registered. So no server and no temp file outlives mini-a,
 * however it dies.
 */
const SCRIPT = `trap '' INT HUP QUIT
groups=""
dirs=""
nl='
'
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups \${line#+}" ;;
    -*) g=\${line#-}; keep=""; for x in $groups; do [ "$x" = "$g" ] || keep="$keep $x"; done; groups=$keep ;;
    d*) dirs="$dirs$nl\${line#d}" ;;
    x*) d=\${line#x}; keep=""; while IFS= read -r y; do [ -n "$y" ] && [ "$y" != "$d" ] && keep="$keep$nl$y"; done <<EOF2
$dirs
EOF2
        dirs=$keep ;;
  esac
done
if [ -n "$groups" ]; then
  for g in $groups; do kill -TERM -$g 2>/dev/null; done
  sleep "\${1:-1}"
  for g in $groups; do kill -KILL -$g 2>/dev/null; done
fi
printf '%s\\n' "$dirs" | while IFS= read -r d; do [ -n "$d" ] && rm -rf -- "$d"; done
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

/** Tells the reaper to remove a private directory if mini-a dies (paths with a line break are not registered). */
export function reaperWatchDir(dir: string): void {
  if (!dir.includes('\n')) ensure(1)?.stdin?.write(`d${dir}\n`);
}

/** Tells the reaper a directory has been removed by mini-a itself. */
export function reaperForgetDir(dir: string): void {
  if (!dir.includes('\n')) reaper?.stdin?.write(`x${dir}\n`);
}

/** Process id of the reaper, if one runs (tests look for it). */
export function reaperPid(): number | undefined {
  return reaper?.pid;
}
