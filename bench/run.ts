/**
 * `npm run bench [name…]`: runs the benchmarks and prints each result as a ratio against a
 * baseline measured in the same run. Names: startup (which includes cli), cli, tokens, overhead, search
 * (search-unseen: only its part over servers the ranking never saw),
 * readresult, agent, http, remote-auth, http-harden, proxy, harden (hostile inputs, issue 14), shape,
 * tracing (call overhead with OpenTelemetry spans on vs off).
 */
import { benchAgent } from './agent.js';
import { benchCliStartup } from './cli-startup.js';
import { benchFeatures } from './features.js';
import { benchHarden } from './harden.js';
import { benchHttp } from './http.js';
import { benchHttpHarden } from './http-harden.js';
import { benchOverhead } from './overhead.js';
import { benchProxy } from './proxy.js';
import { benchReadresult } from './readresult.js';
import { benchRemoteAuth } from './remote-auth.js';
import { benchSearch, benchSearchUnseen } from './search.js';
import { benchShape } from './shape.js';
import { benchTokens } from './tokens.js';
import { benchTracing } from './tracing.js';
import { benchStartup } from './startup.js';

const BENCHES: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  cli: benchCliStartup,
  tokens: benchTokens,
  overhead: () => benchOverhead(),
  search: () => benchSearch(),
  'search-unseen': async () => benchSearchUnseen(),
  readresult: benchReadresult,
  agent: benchAgent,
  http: () => benchHttp(),
  'remote-auth': () => benchRemoteAuth(),
  'http-harden': () => benchHttpHarden(),
  proxy: benchProxy,
  harden: benchHarden,
  features: () => benchFeatures(),
  shape: benchShape,
  tracing: () => benchTracing(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
// search-unseen is part of search: run alone only when named.
for (const name of wanted.length ? wanted : Object.keys(BENCHES).filter((n) => n !== 'search-unseen')) {
  const fn = BENCHES[name];
  if (!fn) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  await fn();
}
