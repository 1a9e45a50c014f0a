// Captures tools/list from npm MCP servers into bench/catalogs-large/<name>.json (compact JSON): the
// large catalog behind the search benchmark at scale (137 servers listed their tools here). Run once,
// by hand, against folders OUTSIDE the repository where the servers are installed without their
// install scripts (a second batch went into one folder per package; pass them all, ':'-separated):
//   mkdir /work/scratch/search-servers && cd $_ && npm install --ignore-scripts --legacy-peer-deps <packages>
//   npm run build && node bench/capture-large.mjs /work/scratch/search-servers/node_modules:… [name…]
// Each server is started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the
// SDK client on mini-a's process-group transport (so nothing it spawns outlives the capture). The
// machine has no network: servers that need a real backend just to list their tools fail; they are
// listed with the reason in SKIPPED below.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProcessGroupStdioTransport } from '../dist/src/mcp/stdio-transport.js';

// One or more node_modules folders, separated by ':' (a second install keeps the first one's tree intact).
const nms = (process.argv[2] ?? 'node_modules').split(':').map((p) => path.resolve(p));
const only = new Set(process.argv.slice(3));
const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, 'catalogs-large');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mini-a-capture-'));

// name, package, args after the entry, dummy environment, entry when package.json's bin is not it.
const S = (name, pkg, args = [], env = {}, bin, files = {}) => ({ name, pkg, args, env, bin, files });
// Dummy OAuth client and token files for servers that read them before listing tools.
const OAUTH_KEYS = JSON.stringify({ installed: { client_id: 'dummy.apps.googleusercontent.com', client_secret: K0(), redirect_uris: ['http://127.0.0.1'] } });
const OAUTH_TOKEN = JSON.stringify({ access_token: K0(), refresh_token: K0(), token_type: 'Bearer', expiry_date: 4102444800000 });
function K0() { return 'dummy-key-0000'; }
const K = 'dummy-key-0000';
export const SERVERS = [
  S('playwright', '@playwright/mcp', ['--headless']),
  S('chrome-devtools', 'chrome-devtools-mcp'),
  S('context7', '@upstash/context7-mcp'),
  S('filesystem', '@modelcontextprotocol/server-filesystem', ['{scratch}']),
  S('sequential-thinking', '@modelcontextprotocol/server-sequential-thinking'),
  S('github', '@modelcontextprotocol/server-github', [], { GITHUB_PERSONAL_ACCESS_TOKEN: K }),
  S('memory', '@modelcontextprotocol/server-memory', [], { MEMORY_FILE_PATH: '{scratch}/memory.jsonl' }),
  S('postgres', '@modelcontextprotocol/server-postgres', ['postgresql://localhost/db']),
  S('everything', '@modelcontextprotocol/server-everything'),
  S('notion', '@notionhq/notion-mcp-server', [], { NOTION_TOKEN: K }),
  S('google-maps', '@modelcontextprotocol/server-google-maps', [], { GOOGLE_MAPS_API_KEY: K }),
  S('gmail', '@gongrzhe/server-gmail-autoauth-mcp', [], {}, undefined, { '.gmail-mcp/gcp-oauth.keys.json': OAUTH_KEYS, '.gmail-mcp/credentials.json': OAUTH_TOKEN }),
  S('nx', 'nx-mcp'),
  S('circleci', '@circleci/mcp-server-circleci', [], { CIRCLECI_TOKEN: K }),
  S('n8n', 'n8n-mcp', [], { MCP_MODE: 'stdio', N8N_API_URL: 'http://127.0.0.1:9', N8N_API_KEY: K }),
  S('next-devtools', 'next-devtools-mcp'),
  S('mongodb', 'mongodb-mcp-server', [], { MDB_MCP_CONNECTION_STRING: 'mongodb://127.0.0.1:9/db' }),
  S('tavily', 'tavily-mcp', [], { TAVILY_API_KEY: `tvly-${K}` }),
  S('slack', '@modelcontextprotocol/server-slack', [], { SLACK_BOT_TOKEN: `xoxb-${K}`, SLACK_TEAM_ID: 'T0' }),
  S('gitlab', '@zereight/mcp-gitlab', [], { GITLAB_PERSONAL_ACCESS_TOKEN: K, GITLAB_API_URL: 'http://127.0.0.1:9/api/v4' }),
  S('firecrawl', 'firecrawl-mcp', [], { FIRECRAWL_API_KEY: `fc-${K}` }),
  S('desktop-commander', '@wonderwhy-er/desktop-commander'),
  S('brave-search', '@modelcontextprotocol/server-brave-search', [], { BRAVE_API_KEY: K }),
  S('sentry', '@sentry/mcp-server', [`--access-token=${K}`]),
  S('puppeteer', '@modelcontextprotocol/server-puppeteer'),
  S('launchdarkly', '@launchdarkly/mcp-server', ['start', '--api-key', K]),
  S('figma', 'figma-developer-mcp', ['--stdio'], { FIGMA_API_KEY: K }),
  S('playwright-ea', '@executeautomation/playwright-mcp-server'),
  S('eslint', '@eslint/mcp'),
  S('mastra-docs', '@mastra/mcp-docs-server'),
  S('datadog', '@winor30/mcp-server-datadog', [], { DATADOG_API_KEY: K, DATADOG_APP_KEY: K }),
  S('antv-chart', '@antv/mcp-server-chart'),
  S('google-calendar', '@cocal/google-calendar-mcp', [], { GOOGLE_OAUTH_CREDENTIALS: '{scratch}/gcp-oauth.keys.json' }, undefined, { 'gcp-oauth.keys.json': OAUTH_KEYS }),
  S('hubspot', '@hubspot/mcp-server', [], { PRIVATE_APP_ACCESS_TOKEN: K }),
  S('perplexity', '@perplexity-ai/mcp-server', [], { PERPLEXITY_API_KEY: `pplx-${K}` }),
  S('shortcut', '@shortcut/mcp', [], { SHORTCUT_API_TOKEN: K }),
  S('drawio', '@drawio/mcp'),
  S('mobile', '@mobilenext/mobile-mcp'),
  S('currents', '@currents/mcp', [], { CURRENTS_API_KEY: K }),
  S('cloud-run', '@google-cloud/cloud-run-mcp'),
  S('brave-search-v2', '@brave/brave-search-mcp-server', ['--transport', 'stdio'], { BRAVE_API_KEY: K }),
  S('lark', '@larksuiteoapi/lark-mcp', ['mcp', '-a', 'cli_dummy', '-s', K]),
  S('code-runner', 'mcp-server-code-runner'),
  S('jira', '@aashari/mcp-server-atlassian-jira', [], { ATLASSIAN_SITE_NAME: 'acme', ATLASSIAN_USER_EMAIL: 'a@example.com', ATLASSIAN_API_TOKEN: K }),
  S('exa', 'exa-mcp-server', [], { EXA_API_KEY: K }),
  S('browsermcp', '@browsermcp/mcp'),
  S('backlog', 'backlog-mcp-server', [], { BACKLOG_DOMAIN: 'acme.backlog.com', BACKLOG_API_KEY: K }),
  S('shopify-dev', '@shopify/dev-mcp'),
  S('ms-365', '@softeria/ms-365-mcp-server'),
  S('google-drive', '@piotr-agier/google-drive-mcp'),
  S('monday', '@mondaydotcomorg/monday-api-mcp', ['-t', K]),
  S('mapbox', '@mapbox/mcp-server', [], { MAPBOX_ACCESS_TOKEN: `pk.${K}` }),
  S('argocd', 'argocd-mcp', ['stdio'], { ARGOCD_BASE_URL: 'http://127.0.0.1:9', ARGOCD_API_TOKEN: K }),
  S('kubernetes', 'mcp-server-kubernetes'),
  S('brightdata', '@brightdata/mcp', [], { API_TOKEN: K }),
  S('mermaid', 'mcp-mermaid'),
  S('airbnb', '@openbnb/mcp-server-airbnb'),
  S('git', '@cyanheads/git-mcp-server'),
  S('gdrive', '@modelcontextprotocol/server-gdrive', [], { GDRIVE_CREDENTIALS_PATH: '{scratch}/gdrive.json', GDRIVE_OAUTH_PATH: '{scratch}/gcp-oauth.keys.json' }, undefined, { 'gdrive.json': OAUTH_TOKEN, 'gcp-oauth.keys.json': OAUTH_KEYS }),
  S('pinecone', '@pinecone-database/mcp', [], { PINECONE_API_KEY: K }),
  S('postman', '@postman/postman-mcp-server', ['--full'], { POSTMAN_API_KEY: `PMAK-${K}` }),
  S('airtable', 'airtable-mcp-server', [], { AIRTABLE_API_KEY: `pat${K}` }),
  S('asana', '@roychri/mcp-server-asana', [], { ASANA_ACCESS_TOKEN: K }),
  S('browser-tools', '@agentdeskai/browser-tools-mcp'),
  S('fetcher', 'fetcher-mcp'),
  S('netlify', '@netlify/mcp'),
  S('replicate', 'replicate-mcp', [], { REPLICATE_API_TOKEN: `r8_${K}` }),
  S('figma-console', 'figma-console-mcp', [], { FIGMA_ACCESS_TOKEN: `figd_${K}` }),
  S('deepwiki', 'mcp-deepwiki'),
  S('reddit', 'reddit-mcp-buddy'),
  S('bitbucket', '@nexus2520/bitbucket-mcp-server', [], { BITBUCKET_USERNAME: 'u', BITBUCKET_APP_PASSWORD: K }),
  S('linear', 'linear-mcp', [], { LINEAR_API_KEY: `lin_api_${K}` }),
  S('line', '@line/line-bot-mcp-server', [], { CHANNEL_ACCESS_TOKEN: K, DESTINATION_USER_ID: 'U0' }),
  S('codacy', '@codacy/codacy-mcp', [], { CODACY_ACCOUNT_TOKEN: K }),
  S('hostinger', 'hostinger-api-mcp', [], { API_TOKEN: K }),
  S('pdf-reader', '@sylphx/pdf-reader-mcp'),
  S('searxng', 'mcp-searxng', [], { SEARXNG_URL: 'http://127.0.0.1:9' }),
  S('browserstack', '@browserstack/mcp-server', [], { BROWSERSTACK_USERNAME: 'u', BROWSERSTACK_ACCESS_KEY: K }),
  S('azure-devops-ref', '@tiberriver256/mcp-server-azure-devops', [], { AZURE_DEVOPS_ORG_URL: 'https://dev.azure.com/contoso', AZURE_DEVOPS_AUTH_METHOD: 'pat', AZURE_DEVOPS_PAT: K }),
  S('browserbase', '@browserbasehq/mcp-server-browserbase', [], { BROWSERBASE_API_KEY: K, BROWSERBASE_PROJECT_ID: 'p0', GEMINI_API_KEY: K }),
  S('bitbucket-cloud', '@aashari/mcp-server-atlassian-bitbucket', [], { ATLASSIAN_BITBUCKET_USERNAME: 'u', ATLASSIAN_BITBUCKET_APP_PASSWORD: K }),
  S('bigquery', '@ergut/mcp-bigquery-server', ['--project-id', 'p0']),
  S('gdrive-sheets', '@isaacphi/mcp-gdrive', [], { CLIENT_ID: 'x', CLIENT_SECRET: K, GDRIVE_CREDS_DIR: '{scratch}' }),
  S('email', '@codefuturist/email-mcp', ['stdio'], { MCP_EMAIL_ADDRESS: 'a@example.com', MCP_EMAIL_PASSWORD: K, MCP_EMAIL_IMAP_HOST: '127.0.0.1', MCP_EMAIL_SMTP_HOST: '127.0.0.1' }),
  S('postgres-admin', '@henkey/postgres-mcp-server', ['--connection-string', 'postgresql://u:p@127.0.0.1:9/db']),
  S('elasticsearch', '@elastic/mcp-server-elasticsearch', [], { ES_URL: 'http://127.0.0.1:9', ES_API_KEY: K }),
  S('trello', '@delorenj/mcp-server-trello', [], { TRELLO_API_KEY: K, TRELLO_TOKEN: K, TRELLO_BOARD_ID: 'b0' }),
  S('metabase', '@cognitionai/metabase-mcp-server', [], { METABASE_URL: 'http://127.0.0.1:9', METABASE_API_KEY: K }),
  S('neon', '@neondatabase/mcp-server-neon', ['start', `napi_${K}`]),
  S('plane', '@makeplane/plane-mcp-server', [], { PLANE_API_KEY: K, PLANE_WORKSPACE_SLUG: 'acme', PLANE_API_HOST_URL: 'http://127.0.0.1:9' }),
  S('vercel', 'vercel-mcp', [`VERCEL_API_KEY=${K}`], { VERCEL_API_KEY: K }),
  S('google-map-places', '@cablate/mcp-google-map', ['--stdio'], { GOOGLE_MAPS_API_KEY: K }),
  S('obsidian', 'mcp-obsidian', ['{scratch}']),
  S('grafana', '@leval/mcp-grafana', [], { GRAFANA_URL: 'http://127.0.0.1:9', GRAFANA_API_KEY: K }),
  S('pubmed', '@cyanheads/pubmed-mcp-server'),
  S('fetch', '@kazuph/mcp-fetch'),
  S('gitlab-ref', '@modelcontextprotocol/server-gitlab', [], { GITLAB_PERSONAL_ACCESS_TOKEN: K }),
  S('everart', '@modelcontextprotocol/server-everart', [], { EVERART_API_KEY: K }),
  S('aws-kb-retrieval', '@modelcontextprotocol/server-aws-kb-retrieval', [], { AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: K, AWS_REGION: 'us-east-1' }),
  S('time', 'time-mcp'),
  S('todoist-community', 'todoist-mcp', [], { API_KEY: K, TODOIST_API_TOKEN: K }),
  S('linear-tl', '@tacticlaunch/mcp-linear', [], { LINEAR_API_TOKEN: `lin_api_${K}` }),
  S('search-console', 'mcp-server-gsc', [], { GOOGLE_APPLICATION_CREDENTIALS: '{scratch}/sa.json' }),
  S('apple-docs', '@kimsungwhee/apple-docs-mcp'),
  S('shadcn', '@jpisnice/shadcn-ui-mcp-server'),
  S('coolify', '@masonator/coolify-mcp', [], { COOLIFY_BASE_URL: 'http://127.0.0.1:9', COOLIFY_ACCESS_TOKEN: K }),
  S('variflight', '@variflight-ai/variflight-mcp', [], { VARIFLIGHT_API_KEY: K }),
  S('amap', '@amap/amap-maps-mcp-server', [], { AMAP_MAPS_API_KEY: K }),
  S('travel-planner', '@gongrzhe/server-travelplanner-mcp', [], { GOOGLE_MAPS_API_KEY: K }),
  S('gcp-observability', '@google-cloud/observability-mcp'),
  S('gcloud', '@google-cloud/gcloud-mcp'),
  S('dataforseo', 'dataforseo-mcp-server', [], { DATAFORSEO_USERNAME: 'u', DATAFORSEO_PASSWORD: K }),
  // A second batch, each installed in its own folder (one of them pulls a dependency the registry lacks).
  S('cloudbase', '@cloudbase/cloudbase-mcp'),
  S('mysql-admin', '@berthojoris/mcp-mysql-server', ['mysql://u:p@127.0.0.1:9/db']),
  S('jira-cloud', '@nexus2520/jira-mcp-server', [], { JIRA_BASE_URL: 'https://acme.atlassian.net', JIRA_EMAIL: 'a@example.com', JIRA_API_TOKEN: K }),
  S('google-workspace', '@dguido/google-workspace-mcp', [], { GOOGLE_OAUTH_CREDENTIALS: '{scratch}/gcp-oauth.keys.json' }, undefined, { 'gcp-oauth.keys.json': OAUTH_KEYS }),
  S('knip', '@knip/mcp'),
  S('mui', '@mui/mcp'),
  S('remotion', '@remotion/mcp'),
  S('playwright-automata', '@automatalabs/mcp-server-playwright'),
  S('graphql', 'mcp-graphql', [], { ENDPOINT: 'http://127.0.0.1:9/graphql' }),
  S('puppeteer-server', 'puppeteer-mcp-server'),
  S('ios-simulator', 'ios-simulator-mcp'),
  S('excel', '@negokaz/excel-mcp-server'),
  S('flightradar', 'flightradar-mcp-server', [], { FLIGHTRADAR24_API_KEY: K }),
  S('notebooklm', 'notebooklm-mcp'),
  S('resend', '@skanda-yutori/mcp-send-email', [], { RESEND_API_KEY: `re_${K}` }),
  S('bitbucket-server', 'bitbucket-mcp', [], { BITBUCKET_URL: 'http://127.0.0.1:9', BITBUCKET_USERNAME: 'u', BITBUCKET_PASSWORD: K }),
  S('linear-mseep', '@mseep/linear-mcp', [], { LINEAR_API_KEY: `lin_api_${K}` }),
  S('tauri', '@hypothesi/tauri-mcp-server'),
  S('browser-infra', '@agent-infra/mcp-server-browser'),
  S('tailwind', 'tailwindcss-mcp-server'),
  S('fetch-server', 'mcp-fetch-server'),
  S('google-search', '@adenot/mcp-google-search', [], { GOOGLE_API_KEY: K, GOOGLE_SEARCH_ENGINE_ID: 'cx0' }),
  S('creem', 'creem', ['start', '--api-key', K]),
  S('gcp', 'gcp-mcp'),
  S('maps-code-assist', '@googlemaps/code-assist-mcp'),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['@supabase/mcp-server-supabase', 'lists tools only after calling the Supabase API'],
  ['@stripe/mcp', 'fetches its tool list from mcp.stripe.com'],
  ['@apify/actors-mcp-server', 'loads its actor tools from the Apify API'],
  ['@benborla29/mcp-server-mysql, @bytebase/dbhub, @modelcontextprotocol/server-redis, mcp-mongo-server', 'connect to their database before listing'],
  ['@cloudflare/mcp-server-cloudflare', 'needs a wrangler login config'],
  ['@a-bonus/google-docs-mcp', 'needs real Google OAuth tokens at start'],
  ['@sveltejs/mcp', 'downloads its docs index from svelte.dev at start'],
  ['@z_ai/mcp-server', 'validates its API key at start'],
  ['@zapier/zapier-sdk-mcp', 'needs a Zapier login'],
  ['kubernetes-mcp-server, slack-mcp-server, claude-talk-to-figma-mcp', 'native binary or socket server failed to start here'],
  ['github-mcp-server, @ccusage/mcp', 'need a repository / Claude usage data to start'],
  ['@azure-devops/mcp, @dynatrace-oss/dynatrace-mcp-server, @smartbear/mcp, @auth0/auth0-mcp-server, @heroku/mcp-server', 'need a native module or install script (--ignore-scripts) or a dependency the shared install resolved differently'],
  ['telnyx-mcp, @j0hanz/filesystem-mcp, octocode-mcp, @doist/todoist-ai, @atlassian-dc-mcp/*', 'did not install from the registry (missing dependency versions)'],
];

/** The entry file: an explicit one, else the package's bin (the only one, or the one named like the package). */
function entryOf(s) {
  const nm = nms.find((d) => existsSync(path.join(d, s.pkg, 'package.json'))) ?? nms[0];
  const dir = path.join(nm, s.pkg);
  const pj = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (s.bin) return { file: path.join(dir, s.bin), version: pj.version };
  let bin = pj.bin;
  if (bin && typeof bin === 'object') {
    const names = Object.keys(bin);
    const base = s.pkg.split('/').pop();
    bin = bin[base] ?? bin[names.find((n) => n.includes('mcp')) ?? names[0]];
  }
  if (typeof bin !== 'string') bin = pj.main ?? 'index.js';
  return { file: path.join(dir, bin), version: pj.version };
}

const withScratch = (v) => v.replaceAll('{scratch}', scratch);

async function capture(s) {
  const { file, version } = entryOf(s);
  for (const [rel, text] of Object.entries(s.files)) {
    mkdirSync(path.dirname(path.join(scratch, rel)), { recursive: true });
    writeFileSync(path.join(scratch, rel), text);
  }
  const env = { PATH: process.env.PATH, HOME: scratch, TMPDIR: scratch, NODE_ENV: 'production', ...Object.fromEntries(Object.entries(s.env).map(([k, v]) => [k, withScratch(v)])) };
  const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: [file, ...s.args.map(withScratch)], env, cwd: scratch, graceMs: 500, onNoise: (_s, line) => { noise.push(line); if (noise.length > 4) noise.shift(); } });
  const noise = [];
  const client = new Client({ name: 'mini-a-capture', version: '0.1.0' });
  const timer = (ms) => new Promise((_, rej) => setTimeout(() => rej(new Error(`no answer in ${ms / 1000} s`)), ms));
  try {
    await Promise.race([client.connect(transport), timer(45_000)]);
    const tools = [];
    let cursor;
    do {
      const page = await Promise.race([client.listTools(cursor ? { cursor } : {}), timer(30_000)]);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor && tools.length < 5000);
    const compact = tools.map((t) => ({ name: t.name, ...(t.title ? { title: t.title } : {}), description: t.description ?? '', inputSchema: t.inputSchema, ...(t.annotations ? { annotations: t.annotations } : {}) }));
    return { server: s.name, package: s.pkg, version, tools: compact };
  } catch (e) {
    throw new Error(`${e.message}; stderr: ${noise.join(' | ').slice(-300)}`);
  } finally {
    await client.close().catch(() => {});
  }
}

mkdirSync(out, { recursive: true });
const todo = SERVERS.filter((s) => !only.size || only.has(s.name));
const failed = [];
let next = 0;
async function worker() {
  while (next < todo.length) {
    const s = todo[next++];
    try {
      const cat = await capture(s);
      if (!cat.tools.length) throw new Error('listed no tools');
      writeFileSync(path.join(out, `${s.name}.json`), JSON.stringify(cat) + '\n');
      console.log(`${s.name}: ${cat.tools.length} tools`);
    } catch (e) {
      failed.push(s.name);
      console.log(`${s.name}: FAILED ${String(e.message ?? e).split('\n')[0].slice(0, 200)}`);
    }
  }
}
await Promise.all([worker(), worker(), worker()]);
rmSync(scratch, { recursive: true, force: true });
console.log(`failed: ${failed.join(', ') || 'none'}`);
process.exit(0);
