import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { onShutdown } from '../../util/lifecycle.js';
import { log } from '../../util/log.js';

/** True when `cmd` is an executable file on PATH. */
function onPath(cmd: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/**
 * The command that opens a URL in the user's browser, or undefined when there is none: `$BROWSER`
 * (`none` turns it off), `open` on macOS, `xdg-open` on a Linux desktop (DISPLAY or WAYLAND_DISPLAY).
 */
export function browserCommand(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string[] | undefined {
  const b = env.BROWSER?.trim();
  if (b) return ['none', 'false', '0', 'off'].includes(b.toLowerCase()) ? undefined : [b];
  if (platform === 'darwin') return ['open'];
  if (platform === 'win32') return ['rundll32', 'url.dll,FileProtocolHandler'];
  if ((env.DISPLAY || env.WAYLAND_DISPLAY) && onPath('xdg-open', env)) return ['xdg-open'];
  return undefined;
}

/**
 * Opens `url` in a browser when one is present; never throws. The opener (xdg-open, open) hands
 * the URL to the desktop and exits; should it linger, it is ended when mini-a shuts down.
 */
export function openBrowser(url: string): boolean {
  const cmd = browserCommand();
  if (!cmd) return false;
  try {
    const child = spawn(cmd[0]!, [...cmd.slice(1), url], { stdio: 'ignore' });
    const off = onShutdown(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    child.on('error', (e) => {
      off();
      log.debug(`could not open a browser (${cmd[0]}): ${e.message}`);
    });
    child.on('exit', () => off());
    child.unref();
    return true;
  } catch {
    return false;
  }
}
