// Captures tools/list from npm MCP servers that are NOT in bench/catalogs-large into
// bench/catalogs-unseen/<name>.json (same compact JSON: {server, package, version, tools}): a held-out
// catalog of products the search benchmark's authors never tuned on, to test how tool search generalizes.
// Run once, by hand (never by tests or CI), against a folder OUTSIDE the repository where the servers
// were installed without their install scripts:
//   mkdir -p /work/scratch/unseen-servers && cd /work/scratch/unseen-servers && npm init -y >/dev/null
//   npm install --ignore-scripts --legacy-peer-deps --no-audit --no-fund <batch>   # four batches, together:
//     @xeroapi/xero-mcp-server financial-modeling-prep-mcp-server @twilio-alpha/mcp @chatwork/mcp-server mcp-discord
//     @floriscornel/teams-mcp @vapi-ai/mcp-server attio-mcp-server @tsmztech/mcp-server-salesforce @makehq/mcp-server
//     @posthog/mcp @sanity/mcp-server mcp-wordpress @ivotoby/contentful-management-mcp-server @answerai/confluence-mcp
//     @rollbar/mcp-server sonarqube-mcp-server prometheus-mcp @microsoft/clarity-mcp-server terraform-mcp-server
//     @digitalocean/mcp @ahdev/dokploy-mcp @dopplerhq/mcp-server @bitwarden/mcp-server @upstash/mcp-server
//     @railway/mcp-server @llmindset/hf-mcp-server @translated/lara-mcp @transloadit/mcp-server
//     @kimtaeyoon83/mcp-server-youtube-transcript youtube-data-mcp-server jina-mcp-tools @dangahagan/weather-mcp
//     open-meteo-mcp-server @h1deya/mcp-server-weather @futurelab-studio/latest-science-mcp wikipedia-mcp
//     european-parliament-mcp-server @geobio/mcp-open-library @jinzcdev/leetcode-mcp-server hotelzero
//     @baidumap/mcp-server-baidu-map @karakeep/mcp motionmcp mcp-shrimp-task-manager @kazuph/mcp-taskmanager
//     @baruchiro/paperless-mcp shopify-mcp @lockon0927/woocommerce-mcp hevy-mcp @r-huijts/strava-mcp-server
//     @coolver/home-assistant-mcp meta-ads-mcp @iterable/mcp excalidraw-mcp @k-jarzyna/mcp-miro @gannonh/firebase-mcp
//     @instantdb/mcp @adamhancock/bullmq-mcp quickbooks-mcp @mcpfun/mcp-server-ccxt @google-cloud/storage-mcp
//     @takescake/1password-mcp @paddle/paddle-mcp mcp-server-docker @ashwinighuge/jenkins-mcp-server
//     serper-search-scrape-mcp-server @moralisweb3/api-mcp-server @abhaybabbar/retellai-mcp-server mcp-dataverse
//     @casys/mcp-erpnext stockquotes-mcp mcp-server-google-analytics @gleanwork/local-mcp-server apidog-mcp-server
//     hyperbrowser-mcp mcp-google-calendar @fhirfly-io/mcp-server access-calibre pabal-store-api-mcp coderabbitai-mcp
//     mcp-mail-server ssh-mcp @angiejones/mcp-selenium @bnb-chain/mcp
//   cd /work/main && npm run build && node bench/capture-unseen.mjs /work/scratch/unseen-servers/node_modules [name…]
// Each server is started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the
// SDK client on mini-a's process-group transport (so nothing it spawns outlives the capture). The
// machine has no network: servers that need a real backend just to list their tools fail; they are
// listed with the reason in SKIPPED below. The capture itself is capture-lib.mjs, shared with capture-large.mjs.
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureServers, S } from './capture-lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

const K = 'dummy-key-0000';
const LOCAL = 'http://127.0.0.1:9';
// A throwaway Google service-account file, its key made fresh on each run, for servers that parse one at start.
const SA_JSON = JSON.stringify({ type: 'service_account', project_id: 'p0', private_key_id: 'k0', client_email: 'sa@p0.iam.gserviceaccount.com', client_id: '0', token_uri: 'https://oauth2.googleapis.com/token',
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) });
export const SERVERS = [
  // Payments, finance and accounting
  S('xero', '@xeroapi/xero-mcp-server', [], { XERO_CLIENT_ID: 'c0', XERO_CLIENT_SECRET: K, XERO_CLIENT_BEARER_TOKEN: K }),
  S('quickbooks', 'quickbooks-mcp', [], { QBO_CLIENT_ID: 'c0', QBO_CLIENT_SECRET: K }),
  S('ccxt', '@mcpfun/mcp-server-ccxt'),
  // Communication, CRM, marketing
  S('twilio', '@twilio-alpha/mcp', ['AC00000000000000000000000000000000/SK00000000000000000000000000000000:' + K]),
  S('chatwork', '@chatwork/mcp-server', [], { CHATWORK_API_TOKEN: K }),
  S('discord', 'mcp-discord', [], { DISCORD_TOKEN: K }),
  S('teams', '@floriscornel/teams-mcp'),
  S('vapi', '@vapi-ai/mcp-server', [], { VAPI_TOKEN: K }),
  S('attio', 'attio-mcp-server', [], { ATTIO_API_KEY: K }),
  S('salesforce', '@tsmztech/mcp-server-salesforce', [], { SALESFORCE_CONNECTION_TYPE: 'User_Password', SALESFORCE_USERNAME: 'u@example.com', SALESFORCE_PASSWORD: K, SALESFORCE_TOKEN: K, SALESFORCE_INSTANCE_URL: LOCAL }),
  S('iterable', '@iterable/mcp', [], { ITERABLE_API_KEY: K }),
  // Automation, analytics, observability
  S('clarity', '@microsoft/clarity-mcp-server', [`--clarity_api_token=${K}`]),
  S('rollbar', '@rollbar/mcp-server', [], { ROLLBAR_ACCESS_TOKEN: K }),
  S('sonarqube', 'sonarqube-mcp-server', [], { SONARQUBE_TOKEN: K, SONARQUBE_URL: LOCAL }),
  S('prometheus', 'prometheus-mcp', ['stdio'], { PROMETHEUS_URL: LOCAL }),
  S('bullmq', '@adamhancock/bullmq-mcp', [], { REDIS_URL: 'redis://127.0.0.1:9' }),
  // CMS, docs, notes, tasks
  S('sanity', '@sanity/mcp-server', [], { SANITY_PROJECT_ID: 'p0', SANITY_DATASET: 'production', SANITY_API_TOKEN: K, MCP_USER_ROLE: 'developer' }),
  S('wordpress', 'mcp-wordpress', [], { WORDPRESS_SITE_URL: 'https://wp.example.com', WORDPRESS_USERNAME: 'u', WORDPRESS_APP_PASSWORD: K }),
  S('contentful', '@ivotoby/contentful-management-mcp-server', [], { CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: K }),
  S('confluence', '@answerai/confluence-mcp', [], { CONFLUENCE_BASE_URL: 'https://acme.atlassian.net/wiki', CONFLUENCE_USER_EMAIL: 'a@example.com', CONFLUENCE_API_TOKEN: K }),
  S('karakeep', '@karakeep/mcp', [], { KARAKEEP_API_ADDR: LOCAL, KARAKEEP_API_KEY: K }),
  S('paperless', '@baruchiro/paperless-mcp', [LOCAL, K], { PAPERLESS_URL: LOCAL, PAPERLESS_API_KEY: K }),
  S('motion', 'motionmcp', [], { MOTION_API_KEY: K }),
  S('shrimp-tasks', 'mcp-shrimp-task-manager', [], { DATA_DIR: '{scratch}/shrimp' }),
  S('taskmanager', '@kazuph/mcp-taskmanager', [], { TASK_MANAGER_FILE_PATH: '{scratch}/tasks.json' }),
  S('excalidraw', 'excalidraw-mcp'),
  S('miro', '@k-jarzyna/mcp-miro', [], { MIRO_ACCESS_TOKEN: K }),
  // Infrastructure, cloud, databases, secrets
  S('terraform', 'terraform-mcp-server'),
  S('digitalocean', '@digitalocean/mcp', [], { DIGITALOCEAN_API_TOKEN: K }),
  S('dokploy', '@ahdev/dokploy-mcp', [], { DOKPLOY_URL: LOCAL, DOKPLOY_API_KEY: K }),
  S('bitwarden', '@bitwarden/mcp-server', [], { BW_SESSION: K, BW_CLIENT_ID: 'c0', BW_CLIENT_SECRET: K }),
  S('1password', '@takescake/1password-mcp', [], { OP_SERVICE_ACCOUNT_TOKEN: `ops_${K}` }),
  S('firebase', '@gannonh/firebase-mcp', [], { SERVICE_ACCOUNT_KEY_PATH: '{scratch}/sa.json', FIREBASE_STORAGE_BUCKET: 'b0.appspot.com' }, undefined, { 'sa.json': SA_JSON }),
  S('instantdb', '@instantdb/mcp', [], { INSTANT_ACCESS_TOKEN: K }),
  S('gcs', '@google-cloud/storage-mcp'),
  // AI and media APIs
  S('huggingface', '@llmindset/hf-mcp-server', [], { DEFAULT_HF_TOKEN: `hf_${K}`, HF_TOKEN: `hf_${K}` }),
  S('lara', '@translated/lara-mcp', [], { LARA_ACCESS_KEY_ID: 'k0', LARA_ACCESS_KEY_SECRET: K }),
  S('transloadit', '@transloadit/mcp-server', ['stdio'], { TRANSLOADIT_KEY: 'k0', TRANSLOADIT_SECRET: K }),
  S('jina', 'jina-mcp-tools', [], { JINA_API_KEY: `jina_${K}` }),
  S('youtube-transcript', '@kimtaeyoon83/mcp-server-youtube-transcript'),
  S('youtube-data', 'youtube-data-mcp-server', [], { YOUTUBE_API_KEY: K }),
  // Weather, maps, travel, research, reference, sports
  S('weather', '@dangahagan/weather-mcp'),
  S('open-meteo', 'open-meteo-mcp-server'),
  S('weather-us', '@h1deya/mcp-server-weather'),
  S('baidu-map', '@baidumap/mcp-server-baidu-map', [], { BAIDU_MAP_API_KEY: K }),
  S('hotels', 'hotelzero', [], { HOTELZERO_SESSION_PATH: '{scratch}/hotelzero' }),
  S('europarl', 'european-parliament-mcp-server'),
  S('open-library', '@geobio/mcp-open-library'),
  S('leetcode', '@jinzcdev/leetcode-mcp-server', ['--site', 'global']),
  S('hevy', 'hevy-mcp', [], { HEVY_API_KEY: K }),
  S('strava', '@r-huijts/strava-mcp-server', [], { STRAVA_ACCESS_TOKEN: K, STRAVA_CLIENT_ID: '1', STRAVA_CLIENT_SECRET: K, STRAVA_REFRESH_TOKEN: K }),
  // E-commerce
  S('woocommerce', '@lockon0927/woocommerce-mcp', [], { WORDPRESS_SITE_URL: 'https://shop.example.com', WOOCOMMERCE_CONSUMER_KEY: `ck_${K}`, WOOCOMMERCE_CONSUMER_SECRET: `cs_${K}` }),
  // A later batch
  S('paddle', '@paddle/paddle-mcp', ['--api-key', `pdl_sdbx_apikey_${K}`, '--environment', 'sandbox'], { PADDLE_API_KEY: `pdl_sdbx_apikey_${K}`, PADDLE_ENVIRONMENT: 'sandbox' }),
  S('docker', 'mcp-server-docker'),
  S('serper', 'serper-search-scrape-mcp-server', [], { SERPER_API_KEY: K }),
  S('retell', '@abhaybabbar/retellai-mcp-server', [], { RETELL_API_KEY: K }),
  S('erpnext', '@casys/mcp-erpnext', [], { ERPNEXT_URL: LOCAL, ERPNEXT_API_KEY: K, ERPNEXT_API_SECRET: K }),
  S('stockquotes', 'stockquotes-mcp'),
  S('google-analytics', 'mcp-server-google-analytics', [], { GOOGLE_APPLICATION_CREDENTIALS: '{scratch}/sa.json', GA_PROPERTY_ID: '1', GOOGLE_CLIENT_EMAIL: 'sa@p0.iam.gserviceaccount.com', GOOGLE_PRIVATE_KEY: K }, undefined, { 'sa.json': SA_JSON }),
  S('glean', '@gleanwork/local-mcp-server', [], { GLEAN_INSTANCE: 'acme', GLEAN_API_TOKEN: K }),
  // Its tool names end in a suffix drawn at random each start (read_project_oas_vwwn27 here): a new capture renames them.
  S('apidog', 'apidog-mcp-server', ['--project-id=1'], { APIDOG_ACCESS_TOKEN: K }),
  S('hyperbrowser', 'hyperbrowser-mcp', [], { HYPERBROWSER_API_KEY: K }),
  S('calibre', 'access-calibre', [], { CALIBRE_URL: LOCAL }),
  S('app-stores', 'pabal-store-api-mcp'),
  S('coderabbit', 'coderabbitai-mcp', [], { GITHUB_PAT: `ghp_${K}` }),
  S('ssh', 'ssh-mcp', ['--host=127.0.0.1', '--port=9', '--user=u'], { SSH_MCP_PASSWORD: K }),
  S('selenium', '@angiejones/mcp-selenium'),
  S('bnb-chain', '@bnb-chain/mcp'),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['@makehq/mcp-server', 'fetches its tool list (scenarios) from the Make API'],
  ['@moralisweb3/api-mcp-server', 'downloads its OpenAPI spec at start'],
  ['@fhirfly-io/mcp-server', 'fetches its tool list from the FHIRfly API'],
  ['meta-ads-mcp, @dopplerhq/mcp-server, @upstash/mcp-server', 'validate their token against the vendor API at start'],
  ['@coolver/home-assistant-mcp', 'connects to its Home Assistant agent add-on at start'],
  ['@posthog/mcp', 'a library without a bin (PostHog serves MCP remotely)'],
  ['@railway/mcp-server', 'a deprecated shim that only points to the railway CLI'],
  ['financial-modeling-prep-mcp-server', 'serves Streamable HTTP only (no stdio)'],
  ['@ashwinighuge/jenkins-mcp-server', 'wraps a Python 3.12+ server (the machine has 3.11)'],
  ['mcp-dataverse', 'ERR_MODULE_NOT_FOUND at start in this install'],
  ['wikipedia-mcp, shopify-mcp, @futurelab-studio/latest-science-mcp', 'list their tools with empty descriptions'],
  ['@coingecko/coingecko-mcp, @whop/mcp', 'did not install: a dependency (jq-web) downloads from GitHub'],
  ['anilist-mcp, @connorbritain/mssql-mcp-server, @forestadmin/mcp-server', 'did not install from the registry (missing dependency versions)'],
  ['mcp-google-calendar, mcp-mail-server', 'installed but not captured: the same products as google-calendar and email in catalogs-large'],
  ['@paypal/mcp, @pulumi/mcp-server, @contentful/mcp-server, @taazkareem/clickup-mcp-server, @aashari/mcp-server-atlassian-confluence, @axiomhq/mcp-server-axiom, @algolia/mcp, @wix/mcp, @raygun.io/mcp-server-raygun, zd-mcp-server, @tomtom-org/tomtom-mcp, @storyblok/mcp-server, @mailgun/mcp-server, @enescinar/twitter-mcp', 'not on the npm registry under these names'],
];

// Run as a script (the lists above can be imported without capturing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await captureServers(SERVERS, path.join(here, 'catalogs-unseen'));
