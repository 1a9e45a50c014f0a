import { log } from '../../util/log.js';
import { expandEntry, isMap, pickFields, type ImportedServer } from './common.js';

/**
 * The servers of an `mcpServers`-style map: disabled ones skipped, `${…}` references expanded with
 * `resolve` (a server with a reference that cannot be resolved, such as VS Code's `${input:…}`
 * prompts, is skipped with a warning), and each entry reduced to mini-a's fields by `map`.
 */
export function serversFromMap(
  servers: unknown,
  where: string,
  resolve: (ref: string) => string | undefined,
  map: (entry: Record<string, unknown>) => Record<string, unknown> = pickFields,
  bare = false,
): ImportedServer[] {
  if (!isMap(servers)) return [];
  const out: ImportedServer[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (!isMap(entry)) {
      log.warn(`${where}: server '${name}' is not an object; skipped`);
      continue;
    }
    if (entry.disabled === true || entry.enabled === false) {
      log.info(`${where}: server '${name}' is disabled; skipped`);
      continue;
    }
    const expanded = expandEntry(map(entry), resolve, bare);
    if (!expanded) {
      log.warn(`${where}: server '${name}' uses a variable mini-a cannot fill in (an input prompt or an unset variable); skipped`);
      continue;
    }
    out.push({ name, raw: expanded, where });
  }
  return out;
}

/** `${VAR}` and `${VAR:-default}` from the environment (Claude Code's form). */
export function shellStyle(env: NodeJS.ProcessEnv): (ref: string) => string | undefined {
  return (ref) => {
    const dflt = ref.indexOf(':-');
    const name = dflt >= 0 ? ref.slice(0, dflt) : ref;
    return env[name] ?? (dflt >= 0 ? ref.slice(dflt + 2) : undefined);
  };
}

/** `${env:VAR}`, `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}` (Cursor and VS Code). */
export function editorStyle(env: NodeJS.ProcessEnv, home: string, workspace: string, sep: string): (ref: string) => string | undefined {
  return (ref) => {
    if (ref.startsWith('env:')) return env[ref.slice(4)] ?? '';
    if (ref === 'userHome') return home;
    if (ref === 'workspaceFolder') return workspace;
    if (ref === 'workspaceFolderBasename') return workspace.split(sep).pop() ?? '';
    if (ref === 'pathSeparator' || ref === '/') return sep;
    return undefined; // ${input:…}, ${command:…}: interactive in the editor, unknown here
  };
}
