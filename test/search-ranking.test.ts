/**
 * The second round of search ranking, on real tools/list captures (bench/catalogs-large): each case
 * is a request the first round ranked wrong, and each names the mechanism that puts it right.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../src/mcp/connection.js';
import { entriesOf, oneEditApart, withoutValues, type SearchHit, SearchIndex } from '../src/dispatch/search-index.js';
import { normalizeQuery, requestWords, stem, words } from '../src/dispatch/text.js';
import { cjkGlosses } from '../src/dispatch/cjk-gloss.js';
import { euroGlossed } from '../src/dispatch/euro-gloss.js';
import { productKinds, toolKinds } from '../src/dispatch/products.js';
import { captured, capturedIndex, FIFTEEN } from './helpers/catalogs.js';

const catalog = (server: string) => captured(server);
const names = (hits: SearchHit[]) => hits.map((h) => `${h.connection}/${h.name}`);
// All 137 servers: the cases only hold against the whole crowd of look-alike tools.
const idx = capturedIndex();
const first = (q: string) => names(idx.search(q, { limit: 5 }))[0];
const quotedOf = (q: string) => requestWords(normalizeQuery(q)).filter((r) => r.role === 'quoted').map((r) => r.word);
const top5 = (q: string) => names(idx.search(q, { limit: 5 }));

describe('parts of a request', () => {
  it('tells what to do to what from where it is and what it is about', () => {
    const roles = (q: string) => requestWords(q).map((w) => `${w.word}:${w.role}`);
    expect(roles('add a row to the airtable table')).toEqual(['add:head', 'row:head', 'airtable:place', 'table:place']);
    expect(roles('file a ticket about flaky ci')).toEqual(['file:head', 'ticket:head', 'flaky:topic', 'ci:topic']);
    // "to" before a verb is no place.
    expect(roles('I want to create a board')).toEqual(['create:head', 'board:head']);
  });

  it('ranks the thing acted on above the place it is in', () => {
    expect(first('add a row to the airtable table')).toBe('airtable/create_record');
    expect(first('add a new column to the airtable table')).toBe('airtable/create_field');
    // Without a place, the table is what is acted on.
    expect(first('create a table in airtable')).toBe('airtable/create_table');
  });
});

describe('a noun’s number', () => {
  it('picks the tool that returns many for a plural and one for a singular', () => {
    expect(first('list vercel deployments')).toBe('vercel/getDeployments');
    expect(first('get the vercel deployment')).toBe('vercel/getDeployment');
    expect(requestWords('list boards and the status').map((w) => w.plural)).toEqual([false, true, false]);
  });

  it('prefers the one-at-a-time tool unless the request asks for many', () => {
    expect(first('scrape a page with bright data')).toBe('brightdata/scrape_as_markdown');
    expect(first('scrape several pages at once with bright data')).toBe('brightdata/scrape_batch');
  });

  it('checks the number on the synonym the tool name uses', () => {
    expect(first('book a meeting on google calendar with alex')).toBe('google-calendar/create-event');
  });
});

describe('verbs', () => {
  it('takes a verb of the asked verb’s family as no other verb', () => {
    expect(first('list my postman workspaces')).toBe('postman/getWorkspaces');
  });

  it('counts a synonym for one request word only', () => {
    // "open" would stand for "get" a second time and lift get_merge_request.
    expect(first('list open merge requests in gitlab')).toBe('gitlab/list_merge_requests');
  });

  it('reads the name’s verb, not a noun that looks like one', () => {
    // update-todo-task-list came first: its "list" counted as the verb asked for.
    const hits = top5('list my to do lists in microsoft');
    expect(hits[0]).toMatch(/^ms-365\/list-todo-/);
    expect(hits).toContain('ms-365/list-todo-task-lists');
  });
});

describe('products and situations', () => {
  it('favours the server whose tool names use a sub-product’s name, and a plain tool over its draft', () => {
    expect(first('send an outlook email')).toBe('ms-365/send-mail');
    expect(first('draft an outlook email')).toBe('ms-365/create-draft-email');
  });

  it('names a server by two words or by the start of its name', () => {
    expect(first('list the argo cd applications')).toBe('argocd/list_applications');
    expect(first('explain why this mongo query is slow')).toBe('mongodb/explain');
  });

  it('maps situations to the words tools use', () => {
    expect(top5('who is paging tonight').some((h) => h.startsWith('grafana/') && h.includes('oncall'))).toBe(true);
    expect(top5('silence alerts for the db host')).toContain('datadog/mute_host');
    expect(first('scale the web deployment to 5 replicas')).toBe('kubernetes/kubectl_scale');
    expect(first('rotate the phone to landscape')).toBe('mobile/mobile_set_orientation');
  });

  it('spells out abbreviations and joined words the word splitter would lose', () => {
    expect(normalizeQuery('approve the MR')).toContain('merge request');
    expect(normalizeQuery('my to do list')).toContain('todo');
    expect(normalizeQuery('who is on-call')).toContain('oncall');
    expect(stem('availability')).toBe(stem('available'));
  });
});

describe('the third round (general tool English; scored on an untouched set)', () => {
  it('reads a question as asking to read, and a state verb in it as no act', () => {
    expect(first('what cards are assigned to me on trello')).toBe('trello/get_my_cards');
    // Without the question the act is asked for.
    expect(first('assign me to the trello card')).toBe('trello/assign_member_to_card');
  });

  it('takes a common word for a server only where it reads as one', () => {
    expect(top5('forget everything you know about project x').some((h) => h.startsWith('everything/'))).toBe(false);
    expect(first('echo hello on everything')).toBe('everything/echo');
    expect(first('unix timestamp for next monday at 9am')).toBe('time/get_timestamp');
    expect(first('create an item on the monday board')).toBe('monday/create_item');
  });

  it('tells the act asked for from the same word as a state in a name', () => {
    // get_completed_tasks has "complete" in its name, but what it does is get.
    expect(first('complete the todoist task')).toBe('todoist-community/close_tasks');
    expect(first('what did I complete in todoist')).toBe('todoist-community/get_completed_tasks');
  });

  it('finds the un- tool for undoing an act, and idioms for acts', () => {
    expect(first('we muted db-7 in datadog last night, undo that')).toBe('datadog/unmute_host');
    // The act said as a noun, and other ways to say undo.
    expect(first('i need to force push to release in gitlab, drop the branch protection')).toBe('gitlab/unprotect_branch');
    expect(first('i approved the gitlab mr too early, take my approval back')).toBe('gitlab/unapprove_merge_request');
    expect(first('the contract was locked read-only in google drive, lift that so we can edit again')).toBe('google-drive/unlockFile');
    expect(first("i don't care about DEV-77 anymore, stop watching it in backlog")).toBe('backlog/delete_watching');
    // Without "undo", the act itself.
    expect(first('mute db-7 in datadog')).toBe('datadog/mute_host');
    expect(first('take kim off the trello card')).toBe('trello/remove_member_from_card');
    expect(first('force quit com.acme.app on the simulator')).toBe('ios-simulator/terminate_app');
    expect(first('n8n feels dead, is it even up')).toBe('n8n/n8n_health_check');
    expect(first('start keeping an eye on PROJ-88 in backlog')).toBe('backlog/add_watching');
    expect(first('read a.ts, b.ts and c.ts all at once')).toBe('filesystem/read_multiple_files');
    // Renaming a field is updating it, not creating one.
    expect(first('rename the status column in our airtable leads table to stage')).toBe('airtable/update_field');
    expect(normalizeQuery('cafes near 31.2304,121.4737')).toContain('coordinates');
    // Other names of products, globs, slashed names, and more idioms.
    expect(first('import this word doc into feishu docs')).toBe('lark/docx_builtin_import');
    expect(first('find every *.test.ts file under src')).toMatch(/^(?:filesystem\/search_files|desktop-commander\/start_search)$/);
    expect(first('merge feature/login into main locally')).toBe('git/git_merge');
    expect(first("tear down the argo app legacy-billing, we don't ship it anymore")).toBe('argocd/delete_application');
    expect(normalizeQuery('check .circleci/config.yml')).toContain('circleci');
    // A URL's site is named; a placeholder site is not.
    expect(normalizeQuery('look at https://acme.sentry.io/issues/123')).toMatch(/\burl sentry\b/);
    expect(normalizeQuery('send a DELETE to https://api.test.local/users/5')).not.toMatch(/\btest\b/);
  });

  it('reads an acronym’s plural as the acronym', () => {
    expect(words('getPendingReviewPRs')).toEqual(['get', 'pending', 'review', 'pr']);
    expect(words('listURLs')).toEqual(['list', 'url']);
    expect(words('IDsAndNames')).toEqual(['id', 'and', 'names']);
    // Suffix rules that would make another word are not applied.
    expect(stem('news')).not.toBe(stem('new'));
    expect(stem('plane')).not.toBe(stem('plan'));
    expect(words('HTTPServer')).toEqual(['http', 'server']);
  });

  it('reads marks and forms: #channel, r/subreddit, SCREAMING_SNAKE, re-order, phrasal verbs', () => {
    expect(normalizeQuery('what is new in #incidents')).toContain('channel');
    expect(normalizeQuery('top posts of r/rust')).toContain('subreddit');
    expect(normalizeQuery('set DATABASE_URL on my apps')).toContain('env var');
    expect(normalizeQuery('re-order the results')).toContain('reorder');
    // A path is a path (a file with an extension), whatever its words: ~/Downloads/demo.mp4 asks for no download.
    expect(normalizeQuery('how big is ~/Downloads/demo.mp4')).not.toMatch(/download/i);
    expect(normalizeQuery('tail /var/log/app.log')).toContain('path file');
    expect(normalizeQuery('the failed /api/login request')).not.toContain('file');
    expect(normalizeQuery('routes of my next.js app')).toContain('next.js');
    expect(normalizeQuery('tick off buy milk')).toContain('complete');
    // Read as words, DATABASE_URL brought up coolify's database tools.
    expect(top5('set DATABASE_URL on all my coolify apps at once').slice(0, 2)).toContain('coolify/bulk_env_update');
    expect(top5('set DATABASE_URL on all my coolify apps at once').some((h) => h.includes('database'))).toBe(false);
  });
});

describe('the sixth round (literal values; scored on an untouched set)', () => {
  it('reads quotes only where they open and close a value, not in contractions and possessives', () => {
    // The quote of "it's" and that of "kim's" once made one quoted value that swallowed the verb.
    expect(normalizeQuery("it's time to delete kim's branch")).toMatch(/\bdelete\b/);
    expect(normalizeQuery("what's the status of bob's pr")).toMatch(/\bstatus\b/);
    // A quoted value's words are kept, in their own part of the request (they count less, and name no server).
    expect(quotedOf("rename the 'legacy' column, it's old")).toEqual(['legacy']);
    expect(quotedOf('rename the “legacy” column')).toEqual(['legacy']);
    expect(quotedOf("it's time to delete kim's branch")).toEqual([]);
    // An unclosed quote costs one bounded read from each opening.
    expect(normalizeQuery(`say 'a ${'x '.repeat(5000)}`)).toContain('say');
  });

  it('reads a literal before any phrase, and a file by its kind', () => {
    // "todo" inside a file name asked for to-do lists.
    expect(normalizeQuery('overwrite notes/todo.md on disk')).not.toContain('todo');
    expect(first('overwrite notes/todo.md on disk with this new content')).toBe('filesystem/write_file');
    expect(normalizeQuery('open ./forecast.xlsx')).toContain('file spreadsheet workbook');
    expect(normalizeQuery('format c2:c40 as currency')).toContain('range');
    // A repository named like a framework is a name, not a file.
    expect(normalizeQuery('fetch the deepwiki page for vercel/next.js')).not.toContain('file');
    expect(normalizeQuery('routes of my next.js app')).toContain('next.js');
    expect(first('in ./forecast.xlsx on disk, format c2:c40 as currency with red negatives')).toBe('excel/excel_format_range');
  });
});

describe('products described instead of named', () => {
  it('finds a server by what its product is', () => {
    expect(productKinds('metabase')).toContain('business intelligence');
    expect(productKinds('google-drive Google Drive')).toBe('cloud storage google');
    expect(productKinds('my-server')).toBe('');
    // Without the kinds, neither request had a Metabase tool in its top 5.
    expect(first('list every table the bi tool knows about in database 2')).toBe('metabase/list_tables');
    expect(top5('show the sql behind question 412 in our bi tool').some((h) => h.startsWith('metabase/'))).toBe(true);
    expect(top5('what quality grade does the api repo get on the code quality platform')[0]).toMatch(/^codacy\//);
  });

  it('gives what a product is as evidence, never as its name', () => {
    // "dashboards" is what Grafana and Metabase are; it names neither, so Grafana's dashboard
    // search still ranks by its own words.
    expect(first('search grafana dashboards for latency')).toBe('grafana/search_dashboards');
  });
});

describe('the seventh round (what is ruled out, keys, joined names; scored on an untouched set)', () => {
  it('takes what a request rules out as no act or thing to look for', () => {
    expect(normalizeQuery("leave a draft note, don't publish it yet")).not.toContain('publish');
    expect(normalizeQuery('list the options, run nothing')).not.toContain('run');
    expect(first('leave a draft review note on line 40 of api.go in merge request !77, don\'t publish it yet')).toBe('gitlab/create_draft_note');
    expect(first('fetch notion block 9a7c3 by itself, not its children')).toBe('notion/API-retrieve-a-block');
    // "without" keeps its words: "without merging" still says it is about git.
    expect(normalizeQuery('grab the latest from upstream without merging anything')).toContain('merging');
  });

  it('reads a tracker key as an issue, not as letters to match', () => {
    expect(normalizeQuery('set ENG-90 to In Review')).not.toMatch(/\beng\b/i);
    // "ENG" matched an example in one tool's description and took the first place from every issue tool.
    // The assignment, or an update that sets the state and the assignee at once (the learned vectors' pick).
    expect(top5('set ENG-90 to In Review and assign it to sam in linear')[0]).toMatch(/^(?:linear-tl\/linear_assignIssue|linear-mseep\/update_issue)$/);
    expect(first("what's the status of ENG-78 in linear")).toMatch(/issue/i);
  });

  it('names a server by its name written as one word', () => {
    expect(first('with the browsertools chrome extension, snap what the current tab looks like')).toBe('browser-tools/takeScreenshot');
    // Its words apart still name it as before. (Naming is the word ranking's; the reranker retrained in the
    // eleventh round puts google-drive's own Google Calendar tool, getCalendarEvents, first.)
    expect(names(idx.search('what meetings do I have today on google calendar', { limit: 5, rerank: false }))[0]).toMatch(/^google-calendar\//);
  });

  it('reads idioms for acts', () => {
    expect(normalizeQuery('set one up in browserstack')).toContain('create');
    expect(normalizeQuery('pull up WEB-142')).toContain('show');
    expect(normalizeQuery('get him out of my contacts')).toContain('remove');
    expect(normalizeQuery('drop these titles into the list')).toContain('add');
    expect(normalizeQuery('read-only sql')).not.toMatch(/\bread\b/);
    // Changing a setting said as pointing, flipping, a default or a better name.
    expect(normalizeQuery('point the concise variation at gpt-4o-mini')).toContain('update');
    expect(normalizeQuery('make trunk the default branch')).toContain('set');
    expect(normalizeQuery('the table needs a better name')).toContain('rename');
    expect(normalizeQuery('add a data point to the chart')).not.toContain('update');
    // A shell command is the request's verb only where it stands as one; a file dropped onto a target is no add.
    expect(normalizeQuery('ls ~/projects/api real quick')).toContain('list directory');
    expect(normalizeQuery('run ls inside the container')).not.toContain('directory');
    expect(normalizeQuery('drop a file onto the upload area')).not.toContain('add');
    expect(top5('we stopped working with bob@acme.com, get him out of my google contacts')).toContain('google-workspace/delete_contact');
  });
});

describe('sub-products and what only one server is', () => {
  it('gives a tool named for a sub-product what that sub-product is', () => {
    expect(toolKinds(words('figjam_create_section'))).toContain('whiteboard');
    expect(toolKinds(words('list-onedrive-files'))).toContain('cloud storage');
    expect(toolKinds(words('get_timeline'))).toBe('');
  });

  it('reads a word only one server is as naming it, a little', () => {
    // "whiteboard" is only FigJam's (figma-console's figjam_* tools).
    expect(first('on the whiteboard, create a section called Ideas, 800 by 600')).toBe('figma-console/figjam_create_section');
    // Not where other servers' tool names use the word: "docs" is what Notion is, but many servers have docs tools.
    const small = capturedIndex('catalogs', FIFTEEN);
    expect(names(small.search('get the docs for express middleware', { limit: 3 }))).toContain('context7/query-docs');
  });
});

describe('requests in Chinese, Japanese or Korean', () => {
  it('splits a run of CJK characters into overlapping pairs, and finds tools described in them', () => {
    expect(words('经纬度 getFileInfo')).toEqual(['经纬', '纬度', 'get', 'file', 'info']);
    expect(words('字')).toEqual(['字']);
    // Split on Latin letters and digits only, this request had no word at all and found nothing.
    expect(top5('用高德查一下广州塔的经纬度')).toContain('amap/maps_geo');
    expect(first('云开发：现在有哪些数据模型？')).toBe('cloudbase/manageDataModel');
  });

  it('leaves English scores as they were: the pairs are extra ways in, not length', () => {
    const other = { name: 'route', description: 'Plan a route between two addresses', inputSchema: { type: 'object' } };
    const geo = (description: string) => ({ tools: [{ name: 'geo', description, inputSchema: { type: 'object' } }, other], resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 }) as unknown as Catalog;
    const scores = (c: Catalog) => new SearchIndex(entriesOf('m', 'm', c)).search('geocode an address').map((h) => `${h.name} ${h.score}`);
    expect(scores(geo('Geocode an address 将详细的结构化地址转换为经纬度坐标'))).toEqual(scores(geo('Geocode an address')));
  });
});

describe('CJK words of the trade, also read in English', () => {
  it('glosses them, in the order they are said, and leaves a quoted name out', () => {
    const n = normalizeQuery('给飞书群「产品讨论」发条消息：今晚8点发版');
    expect(n.trim().split(/\s+/).slice(0, 6)).toEqual(['lark', 'feishu', 'group', 'chat', 'send', 'message']);
    expect(quotedOf('给飞书群「产品讨论」发条消息：今晚8点发版')).toEqual(['产品', '品讨', '讨论']);
    expect(cjkGlosses('open a github issue')).toEqual([]);
  });

  it('finds tools described in English for requests in Chinese or Japanese', () => {
    expect(first('Backlogのプロジェクト DEV に「ログイン画面の不具合」という課題を作成して')).toBe('backlog/add_issue');
    expect(first('给飞书群「产品讨论」发条消息：今晚8点发版')).toBe('lark/im_v1_message_create');
    expect(top5('LINEで U4af4980629 さんに「発送しました」と送って')).toContain('line/push_text_message');
  });

  it('reads a full-width question mark as a question', () => {
    const q = idx.firstRanking('高德：明天成都会下雨吗？').cues;
    expect(q).toContain('q');
  });

  it('is bounded on a long run of CJK text', () => {
    expect(cjkGlosses('消息'.repeat(5000) + '航班')).toEqual(['message', 'flight']);
  });
});

describe('everyday idioms (the tenth round)', () => {
  const cases: Array<[string, string]> = [
    ['open a github issue in acme/api: rate limiter returns 500 under load', 'github/create_issue'],
    ['customer wants their money back for transaction tx_99812, sort it out in creem', 'creem/transactions-refund'],
    ['my hostinger vps 12345 is frozen solid, give it a kick', 'hostinger/VPS_restartVirtualMachineV1'],
    ['point shop.mysite.com at 185.2.3.4 - the domain is with hostinger', 'hostinger/DNS_updateDNSRecordsV1'],
    ['will MR !42 merge cleanly or does it clash with main?', 'gitlab/get_merge_request_conflicts'],
  ];
  for (const [q, want] of cases) it(q, () => expect(first(q)).toBe(want));
  it('open a gitlab MR from feature/login into main', () => {
    // Either GitLab server's tool (the learned vectors favour the reference server's twin).
    expect(first('open a gitlab MR from feature/login into main')).toMatch(/^gitlab(?:-ref)?\/create_merge_request$/);
  });
  // Either lodging search is right (the request sets list both for such requests); a route or a map search is not.
  it('places to stay in Kyoto Oct 3-6 under $150 a night', () => {
    expect(['travel-planner/get_accommodations', 'airbnb/airbnb_search']).toContain(first('places to stay in Kyoto Oct 3-6 under $150 a night'));
  });

  it('a subreddit, two airport codes, an exception class, a time in another zone', () => {
    expect(normalizeQuery("what's hot on r/LocalLLaMA today")).toMatch(/subreddit reddit/);
    expect(first("what's hot on r/LocalLLaMA today")).toBe('reddit/browse_subreddit');
    expect(normalizeQuery("what's in the air right now between LHR and JFK?")).toMatch(/flights airports/);
    // Upper case only: "from the to and" is no pair of airports.
    expect(normalizeQuery('copy from the to and fro')).not.toMatch(/airports/);
    expect(normalizeQuery('how often did the checkout TypeError fire')).toMatch(/error exception/);
    expect(first("what's 3pm New York time in Tokyo?")).toBe('time/convert_time');
  });

  it('what is remembered, and what to use instead', () => {
    // A fact about someone is an observation of them, or a new entity if they are not known yet:
    // the labelled sets accept both (and list create_entities first as often).
    expect(['memory/add_observations', 'memory/create_entities']).toContain(first('remember that alice prefers email over slack'));
    expect(first('what do you remember about project atlas')).toBe('memory/search_nodes');
    expect(normalizeQuery('UIWebView is deprecated, what am I supposed to use instead?')).toMatch(/alternative similar replacement/);
  });

  it('owner/repo#88, a Mongo shell query, a GraphQL endpoint, an emoji code', () => {
    expect(first('acme/api#88 has fallen behind main, bring its branch up to date')).toBe('github/update_pull_request_branch');
    expect(first("why is this query so slow? db.orders.find({status:'open'})")).toBe('mongodb/explain');
    expect(normalizeQuery('what does https://api.example.com/graphql expose?')).toMatch(/\burl\b.*\bgraphql\b/);
    expect(normalizeQuery('react with :eyes: to that')).toMatch(/emoji reaction/);
    // A time of day is no emoji code.
    expect(normalizeQuery('meet at 12:30:00 today')).not.toMatch(/emoji/);
  });

  it('drift, a card shifted to a column', () => {
    expect(first("payments-api has drifted from what's in git, bring the cluster back in line with the repo")).toBe('argocd/sync_application');
    expect(first('the "Fix login" card is done, shift it over to the Done column')).toBe('trello/move_card');
  });

  it("a commit's hash, a flight's number, British spelling, and more everyday phrasing", () => {
    expect(first('I only want that one fix a1b2c3d on release/2.4, not the whole branch')).toBe('git/git_cherry_pick');
    // A hash has letters and digits: a word or a number is none.
    expect(normalizeQuery('deadbeef 1234567')).not.toMatch(/commit/);
    expect(normalizeQuery('is CZ3101 tomorrow usually on time')).toMatch(/CZ3101 flight/);
    expect(normalizeQuery('what is new in ES2022')).not.toMatch(/flight/);
    expect(first('which colour ids can I give my calendar events?')).toBe('google-calendar/list-colors');
    expect(first('thinking of going for a jog in Delhi before work, how bad is the pollution right now?')).toBe('google-map-places/maps_air_quality');
    expect(first('forget everything you noted about my old job at Initech')).toMatch(/^memory\/delete_/);
    expect(first('can I still register acme-bakery.com?')).toBe('hostinger/domains_checkDomainAvailabilityV1');
    // A dropdown in a sheet is data validation; on a CRM's contacts it is still a property.
    expect(normalizeQuery('add a dropdown to column D of the spreadsheet')).toMatch(/data validation/);
    expect(normalizeQuery("a 'preferred_language' dropdown on hubspot contacts")).not.toMatch(/validation/);
  });

  it('"lat/long" is two words, not a slashed name', () => {
    expect(normalizeQuery('lat/long for 1600 Amphitheatre Parkway')).toMatch(/latitude longitude/);
    expect(top5('lat/long for 1600 Amphitheatre Parkway, Mountain View')).toContain('google-map-places/maps_geocode');
  });
});

describe('the eleventh round (European words, links without a scheme, everyday idioms)', () => {
  it('reads common Spanish, Portuguese, French, German and Italian words of the trade in English', () => {
    expect(euroGlossed('crea una tarea para mañana')).toBe('create una task para tomorrow');
    expect(euroGlossed('Lösche die Datei')).toBe('delete die file');
    // Portuguese "no" is "in the", not a negation; in Spanish it stays a negation.
    expect(euroGlossed('adiciona uma tarefa no todoist')).toBe('add uma task in todoist');
    expect(euroGlossed('no borres el archivo')).toBe('no borres el file');
    // English words are left alone, names too.
    expect(euroGlossed('resume the paused job in tableau')).toBe('resume the paused job in tableau');
    // The request used to match nothing at all: "no todoist pra amanh" was read as ruled out.
    expect(first("adiciona 'comprar leite' no todoist pra amanhã, prioridade 2")).toBe('todoist-community/create_tasks');
  });

  it('reads a domain with a path as a link to that site', () => {
    expect(normalizeQuery('house rules for airbnb.com/rooms/53829174?')).toMatch(/\burl airbnb\b/);
    expect(normalizeQuery('open acme.com/pricing')).not.toMatch(/acme|pricing/);
    // A slashed name without a domain is still just a name.
    expect(normalizeQuery('merge feature/login-page now')).not.toMatch(/\burl\b/);
    expect(first('can you pull up the house rules and amenities for airbnb.com/rooms/53829174?')).toBe('airbnb/airbnb_listing_details');
  });

  it('reads everyday idioms for sending, scheduling, stashing and checking out', () => {
    expect(top5('email the Q3 report summary to finance@acme.io')[0]).toMatch(/send[-_]email$/);
    // "email threads from bob" is about emails, not sending one.
    expect(normalizeQuery('email threads from bob')).not.toContain('send');
    expect(normalizeQuery('put "Dentist" on my google calendar March 3 at 10am')).toContain('create event');
    expect(first('shelve my half-done changes for a bit, I need a clean tree')).toBe('git/git_stash');
    expect(first("git says I'm in detached HEAD state, just get me back onto main")).toBe('git/git_checkout');
    expect(first('UIWebView is deprecated, what am I supposed to use now on iOS?')).toBe('apple-docs/find_similar_apis');
  });

  it('reads what is kept but not deleted, a command line in backticks, and a paper by its arXiv number', () => {
    // "but don't delete it" is archiving; the negation used to drop it with its words.
    expect(first('get the "old ideas" card off the trello board but don\'t delete it')).toBe('trello/archive_card');
    expect(normalizeQuery('remove him without deleting the account')).toContain('archive');
    // A command's program names its tool; a one-word value in backticks is still just a name.
    expect(first('run `gcloud compute instances list` against acme-prod')).toBe('gcloud/run_gcloud_command');
    expect(normalizeQuery('rename `old-name` to `new-name`')).not.toMatch(/command/);
    expect(quotedOf('rename `old-name` to `new-name`')).toEqual(['old', 'name', 'new', 'name']);
    expect(first('read arXiv 2302.01318 and tell me what it says about acceptance rate')).toBe('firecrawl/firecrawl_research_read_paper');
    expect(first('dump all the links on the current page')).toBe('browser-infra/browser_read_links');
    expect(first('take a restore point of my vps before I mess with the kernel')).toBe('hostinger/VPS_createSnapshotV1');
  });

  it('reads a product name misspelt by one letter as that product, and guesses at no other word', () => {
    expect(oneEditApart('airtabel', 'airtabl')).toBe(true); // a letter added (stems)
    expect(oneEditApart('postamn', 'postman')).toBe(true); // two swapped
    expect(oneEditApart('netlfy', 'netlify')).toBe(true); // one left out
    expect(oneEditApart('abcde', 'acbed')).toBe(false);
    expect(oneEditApart('slack', 'slack')).toBe(false);
    expect(first('airtabel - add a single select column called Priority to the Tasks table')).toBe('airtable/create_field');
    // Naming is the word ranking's job (the reranker may lift another server's deploy tool into fifth place).
    expect(names(idx.search('the netlfy site is down, check the last deploy', { limit: 5, rerank: false })).every((n) => n.startsWith('netlify/'))).toBe(true);
    expect(names(idx.search('the netlify site is down, check the last deploy', { limit: 5, rerank: false })).every((n) => n.startsWith('netlify/'))).toBe(true);
    // "sluggish" is one edit from no server's name: it is left as it is, not read as another word.
    expect(idx.search('postgres feels sluggish latley', { limit: 1 })[0]!.why).not.toMatch(/sluggish→|latley→/);
  });

  it('reads query languages and addresses by their form (PromQL, an Elasticsearch body, an IPv4 address)', () => {
    expect(first('rate(http_requests_total{job="api"}[5m]) - what\'s it at right now?')).toBe('grafana/query_prometheus');
    expect(first('run {"query":{"match":{"message":"timeout"}}} against index app-logs')).toBe('elasticsearch/search');
    expect(first('where is 114.247.50.2 physically located?')).toBe('amap/maps_ip_location');
    // An address pointed at is a DNS record, as before the address was read as one.
    expect(first('point the A record for www.mydomain.net at 203.0.113.10')).toBe('hostinger/DNS_updateDNSRecordsV1');
    expect(normalizeQuery('need the postgres:// URL for the main branch')).toContain('connection string');
    // A tracker key may have letters after its dash (Sentry's short ids).
    expect(normalizeQuery('JAVASCRIPT-4F2 is fixed')).toContain('issue identifier');
  });

  it('reads telling a channel, grouping, and more idioms', () => {
    expect(first('let #releases know deploy 4.2 is done ✅')).toBe('slack/slack_post_message');
    expect(normalizeQuery('let me know when it is done')).not.toContain('send');
    expect(normalizeQuery('group the sales collection by region')).toContain('aggregate');
    expect(normalizeQuery('which files in ~/Downloads take up the most space?')).toContain('size');
    expect(normalizeQuery('which npm deps are never actually imported?')).toContain('unused');
    expect(normalizeQuery('create a payment link for product prod_basic')).toContain('checkout');
    expect(euroGlossed('Hostinger: reinicia mi VPS')).toBe('Hostinger: restart mi VPS');
    expect(cjkGlosses('노션 페이지 끝에 할 일 블록 하나 추가해줘')).toEqual(expect.arrayContaining(['notion', 'block', 'add']));
  });

  it('reads a walk of gains and losses, a GraphQL selection, a field path, and what recurs across request sets', () => {
    expect(first('show how revenue walks from Q1 to Q2: +40k new deals, -15k churn, +10k upsell')).toBe('antv-chart/generate_waterfall_chart');
    // A single signed number is no walk.
    expect(normalizeQuery('bump the limit by +5')).not.toContain('waterfall');
    expect(first('run { user(id: 5) { name } } against our API endpoint')).toBe('graphql/query-graphql');
    expect(first('what does spec.template.spec.tolerations actually do on a Deployment?')).toBe('kubernetes/explain_resource');
    expect(first('carry everything unfinished from sprint 5 over into sprint 6')).toBe('plane/transfer_cycle_issues');
    expect(first('who sends me the most mail?')).toBe('email/get_email_stats');
    expect(first("standup is 9:30 pacific, what's that for the team in bangalore")).toBe('time/convert_time');
    // A UTC time asked as a timestamp is no conversion between zones.
    expect(normalizeQuery('unix timestamp for 2026-01-01 00:00 UTC')).not.toContain('convert');
    expect(normalizeQuery('hover over Products, I don\'t have a CSS selector')).toContain('by text');
    expect(euroGlossed('Zeig mir meine erledigten Aufgaben von letzter Woche')).toBe('show mir meine completed task von last week');
  });

  it('reads the working tree, index patterns, passages to rerank and more of what holdout-17 missed', () => {
    expect(top5("what have I changed locally that isn't staged yet?").slice(0, 2)).toEqual(expect.arrayContaining(['git/git_status']));
    expect(normalizeQuery('search the logs-* index for status 500')).toContain('index pattern');
    expect(first('I have 20 retrieved passages — reorder them by how well they answer "can I get a refund after 30 days"')).toBe('pinecone/rerank-documents');
    expect(first('is NavigationStack usable on iOS 15 or do I need 16+?')).toBe('apple-docs/get_platform_compatibility');
    expect(normalizeQuery('watch our competitor\'s pricing page and email me when it changes')).toContain('monitor changes');
    expect(normalizeQuery('plane: record 2h of time spent on WEB-12')).toContain('worklog');
    expect(euroGlossed('crie um card no Trello na lista "A fazer"')).toBe('create um card no Trello na list "A make"');
  });

  it('reads what holdout-18 missed: real users, a BigQuery table in backticks, arrow functions, house rules, clinical studies', () => {
    expect(first('how fast does /checkout load for real users?')).toBe('datadog/get_rum_page_performance');
    expect(first('how many rows landed in `acme-prod.sales.orders` last week')).toBe('bigquery/query');
    // An arrow function is code; "x * 2" is no file pattern.
    expect(normalizeQuery('run [1,2,3].map(x => x * 2)')).not.toContain('file pattern');
    expect(normalizeQuery('run [1,2,3].map(x => x * 2)')).toContain('code');
    expect(normalizeQuery('delete *.log files')).toContain('file pattern');
    expect(first('what are the house rules and check-in time for listing 53850921?')).toBe('airbnb/airbnb_listing_details');
    expect(first('find clinical studies on metformin and longevity')).toBe('pubmed/pubmed_search_articles');
    expect(first('only let ports 22 and 443 through to my virtual server')).toBe('hostinger/VPS_createFirewallRuleV1');
    // "mute host … during the maintenance" still mutes the host.
    expect(normalizeQuery('mute host web-03 in datadog during the maintenance')).not.toContain('downtime');
  });

  it('reads the time asked about in Korean', () => {
    expect(cjkGlosses('미국 태평양 시간 오전 9시는 싱가포르로 몇 시야?')).toContain('time');
    expect(top5('미국 태평양 시간 오전 9시는 싱가포르로 몇 시야?').some((n) => n.startsWith('time/'))).toBe(true);
  });
});

describe('the seventeenth round (what holdout-43 to -45 missed)', () => {
  const anyOf = (q: string, tools: string[]) => top5(q).some((t) => tools.includes(t));

  it('reads what happened on a board, who changed a thing, and a meeting moved to another hour', () => {
    expect(anyOf('what happened on the Sales board since monday?', ['trello/get_recent_activity', 'monday/get_board_activity'])).toBe(true);
    expect(top5('who changed the estimate on story sc-12 and when?')).toContain('shortcut/stories-get-history');
    expect(anyOf('push my 2pm standup on friday to 3pm', ['google-calendar/update-event', 'google-workspace/update_event', 'ms-365/update-calendar-event'])).toBe(true);
  });

  it('reads a stay for a party, a replaced api, low-hanging fruit, a program hogging the cpu', () => {
    expect(anyOf('somewhere to sleep in Porto for 3 people, may 4-8', ['airbnb/airbnb_search', 'travel-planner/get_accommodations'])).toBe(true);
    expect(top5("what's the modern replacement for NSURLConnection?")).toContain('apple-docs/find_similar_apis');
    expect(top5('low-hanging fruit in our search console queries for acme.com')).toContain('search-console/detect_quick_wins');
    expect(first('something is hogging the cpu on my mac, what is it?')).toBe('desktop-commander/list_processes');
  });

  it('reads a transaction opened, a key pressed, edits tucked away, a drive almost full, whiskers', () => {
    expect(first('open a transaction on the orders db before I try these updates')).toBe('mysql-admin/begin_transaction');
    expect(anyOf('hit escape to close that popup in the browser', ['playwright/browser_press_key', 'chrome-devtools/press_key', 'browsermcp/browser_press_key', 'playwright-ea/playwright_press_key', 'browser-infra/browser_press_key'])).toBe(true);
    expect(first('put the half-finished edits away for now, urgent hotfix on main')).toBe('git/git_stash');
    expect(top5('google drive is almost full, how much storage am I using?')).toContain('google-workspace/get_storage_quota');
    expect(top5('box and whiskers of response times for each region')).toContain('antv-chart/generate_boxplot_chart');
  });

  it('reads a subscription paused in Portuguese, and how many issues in Japanese', () => {
    expect(euroGlossed('pausa a assinatura no creem')).toBe('pause a subscription in creem');
    expect(first('Pausa a assinatura sub_77 no Creem, por favor')).toBe('creem/subscriptions-pause');
    expect(cjkGlosses('期限が来る課題は何件ある')).toEqual(expect.arrayContaining(['due', 'issue', 'count']));
  });
});

describe('the sixteenth round (what holdout-40 to -42 missed)', () => {
  it('reads a review that asks for changes, a rate limit, a fragmented table, a time in another city', () => {
    expect(top5('request changes on bitbucket PR 77, the migration is missing')).toContain('bitbucket/set_review_status');
    expect(first('how close am I to being throttled by linear?')).toBe('linear-tl/linear_getRateLimitStatus');
    expect(first('the sessions table in mysql is fragmented, tidy it')).toBe('mysql-admin/optimize_table');
    expect(first('what time is 9am London in Sydney?')).toBe('time/convert_time');
  });

  it('reads overdue tasks, a page Google has not indexed, a workflow put back, a task that waits on another', () => {
    expect(first('which of my todoist tasks went past their due date?')).toBe('todoist-community/get_tasks_by_filter');
    expect(first('is /pricing showing up on google yet?')).toBe('search-console/index_inspect');
    expect(first("last night's change broke n8n workflow 7, put it back the way it was")).toBe('n8n/n8n_workflow_versions');
    expect(first('in asana make "launch" wait on "legal review"')).toBe('asana/asana_add_task_dependencies');
    expect(first('can I use .scrollTargetBehavior if we still support iOS 16?')).toBe('apple-docs/get_platform_compatibility');
  });

  it('reads what people do to mail: file it automatically, mark it read and out of the inbox, save what came with it', () => {
    expect(top5('outlook: automatically file everything from billing@acme.com into Invoices')).toContain('ms-365/create-mail-rule');
    expect(top5('gmail: mark these 12 messages as read and get them out of the inbox')).toContain('gmail/batch_modify_emails');
    expect(top5('save the invoice pdf from the email stripe sent me')).toContain('gmail/download_attachment');
  });

  it('reads a phone turned sideways, Apple\'s conference, and words of the trade in Spanish and Chinese', () => {
    expect(top5('turn the emulator sideways')).toContain('mobile/mobile_set_orientation');
    expect(top5("find talks from apple's developer conference on swift macros")).toContain('apple-docs/search_wwdc_content');
    expect(top5('Crea un formulario en monday para las solicitudes de compra')).toContain('monday/create_form');
    expect(top5('帮我生成一个词云：苹果 10，香蕉 5')).toContain('antv-chart/generate_word_cloud_chart');
  });
});

describe('the fifteenth round (what holdout-36 to -39 missed)', () => {
  it('reads a time window as a filter, not as the thing asked for', () => {
    expect(normalizeQuery('top posts in r/rust over the past week')).not.toMatch(/week/);
    expect(normalizeQuery('how many messages can we still send this month')).toContain('month');
  });

  it('reads how one tracker item stands to another, and who gets access', () => {
    // No tracker named: a relation tool of either tracker reads it (Shortcut's since the twenty-fifth round's thesaurus).
    expect(first('OPS-7 is a duplicate of OPS-3, mark it')).toMatch(/^(?:linear-tl\/linear_createIssueRelation|shortcut\/stories-add-relation)$/);
    expect(first('give the contractor view access to the Q3 folder in drive')).toBe('google-drive/addPermission');
  });

  it('reads situations a developer names by their symptom', () => {
    expect(first('memory keeps growing on the settings page')).toBe('chrome-devtools/take_heapsnapshot');
    expect(first('the worker pod keeps restarting')).toBe('kubernetes/kubectl_logs');
    expect(top5('flame graph for the billing service, last 30 minutes')).toContain('grafana/fetch_pyroscope_profile');
  });

  it('reads several files at once, rows added to a sheet, an hour blocked, what was finished, the next sprint', () => {
    expect(first('read a.json, b.json and c.yaml')).toBe('filesystem/read_multiple_files');
    expect(first('add 3 rows to the budget sheet')).toBe('google-drive/appendSpreadsheetRows');
    expect(first('block an hour on friday for 1:1 prep')).toMatch(/calendar-event|create_event|create-event|CalendarEvent/);
    expect(first('what did we finish in todoist')).toBe('todoist-community/get_completed_tasks');
    expect(first("what's in the next sprint on shortcut")).toBe('shortcut/iterations-get-upcoming');
  });

  it('reads Kubernetes words written in Korean', () => {
    expect(first('쿠버네티스 레플리카 3개로 줄여줘')).toBe('kubernetes/kubectl_scale');
  });
});

describe('the eighth round (questions, code, re- verbs; scored on an untouched set)', () => {
  it('reads a question after a product named first, and the thing it asks about as a noun', () => {
    expect(first('onenote: which notebooks do i have?')).toBe('ms-365/list-onenote-notebooks');
    // "which lists": lists is what is asked about, not the verb of list_boards.
    expect(first('which lists are on trello board b1')).toBe('trello/get_lists');
  });

  it('reads a function call as code, not as its words', () => {
    expect(normalizeQuery('what does this print: console.log([10, 1, 3].sort())')).not.toMatch(/sort|log|file/);
    expect(normalizeQuery('what does this print: console.log([10, 1, 3].sort())')).toContain('code');
    // Bounded: an unclosed call costs one bounded read.
    expect(normalizeQuery(`run f(${'x '.repeat(5000)}`)).toContain('run');
  });

  it('reads doing again to a thing as changing it, and more idioms', () => {
    expect(first('retitle merge request !118 to feat: sso login in gitlab')).toBe('gitlab/update_merge_request');
    // Only where "re" makes a change of the thing: "remember" is no update of a member.
    expect(first('remember that Alice works at Acme')).toMatch(/^memory\//);
    expect(normalizeQuery('vm 3318 is powered off, bring it back up')).toMatch(/stop .*start/);
    expect(normalizeQuery('drop a note on story 1234')).toContain('add note');
    expect(normalizeQuery('start a doc for our OKRs')).toContain('create');
    expect(normalizeQuery('take issue i_3 out of module m_2')).toContain('remove');
    // A bare domain is a domain, not its words; a product's own still names it; a bundle id is no domain.
    expect(normalizeQuery('when does acme-shop.com expire')).not.toMatch(/\bshop\b/);
    expect(normalizeQuery('when does acme-shop.com expire')).toContain('domain');
    // The word ranking puts draw.io's tool first; the learned vectors put the Mermaid server's above it (a
    // known miss of theirs: "mermaid" names a server too), and the word ranking's best two stay in sight.
    expect(idx.search('make a new diagram in draw.io from mermaid', { limit: 1, rerank: false })[0]!.name).toBe('open_drawio_mermaid');
    expect(top5('make a new diagram in draw.io from mermaid')).toContain('drawio/open_drawio_mermaid');
    expect(normalizeQuery('uninstall com.acme.app from the phone')).not.toContain('domain');
    expect(normalizeQuery('did ci go green on commit 3f2a91c?')).toContain('status passed');
    expect(normalizeQuery("figma slides: what's written on slide s_3?")).toContain('get content');
    expect(normalizeQuery('hang that link on the story')).toContain('add attach');
  });
});

describe('the nineteenth round (quoted words)', () => {
  it("reads a quoted status or screen's text, at a topic's weight", () => {
    // Quoted words were dropped as a name: "under maintenance" left nothing of the request but the site.
    expect(top5("the site keeps showing 'under maintenance' to visitors, turn that mode off")).toContain('hostinger/hosting_toggleMaintenanceModeV1');
    const parts = new Map(requestWords(normalizeQuery("the 'under maintenance' page")).map((r) => [r.word, r.role]));
    expect([parts.get('under'), parts.get('maintenance'), parts.get('page')]).toEqual(['quoted', 'quoted', 'head']);
  });

  it('names no server by a quoted word, and a quoted name after "called" is still left out', () => {
    // "notion" in a web search's quoted terms is what to search for, not the server to use.
    expect(first("search the web for 'notion vs obsidian for note taking'")).toMatch(/web_search|brave_web_search|^google-search\/search$/);
    expect(top5("search the web for 'notion vs obsidian for note taking'").filter((h) => h.startsWith('notion/'))).toEqual([]);
    expect(quotedOf('add a card called "Fix login" to the board')).toEqual([]);
    expect(normalizeQuery('add a card called "Fix login" to the board')).not.toMatch(/fix|login/);
    // A Windows path is a path and a file of its kind, not its words.
    expect(normalizeQuery('open D:\\reports\\q3.pdf')).toMatch(/path file pdf/);
    expect(normalizeQuery('open D:\\reports\\q3.pdf')).not.toContain('reports');
    // The sentence's question mark is no part of the file's name: it is still a workbook.
    expect(normalizeQuery('what tabs are in C:\\data\\sales.xlsx?')).toMatch(/path file spreadsheet/);
    expect(normalizeQuery('what pages are inside ~/docs/arch.drawio?')).toMatch(/path file drawio/);
    expect(first('what tabs are in C:\\reports\\q3.xlsx?')).toBe('excel/excel_describe_sheets');
    // A request's own private-use characters are no quote marks.
    expect(quotedOf('delete \uE000the branch\uE001 now')).toEqual([]);
  });
});

describe('the twenty-eighth round (what any request may say)', () => {
  it('reads a path by its format, a random id as no words, and a language to put text into as a translation', () => {
    // The extension's seven letters were one too many: the path lost that it is a parquet file.
    expect(normalizeQuery('load ~/data/sales_2025.parquet into duckdb')).toMatch(/path file parquet/);
    expect(normalizeQuery('read ./notes.txt')).not.toMatch(/\btext\b/);
    // Split at its case changes, a random id read as words ("ks db wse xy"); a camelCase name is not one.
    const norm = normalizeQuery('push entries 5KsDBWseXY6QegucYAoacS and 2b3dWsWxQ1ecIqgu live');
    expect(norm).not.toMatch(/5KsDB|2b3d/);
    expect(normalizeQuery('rename getUserProfileById in the repo')).toContain('getUserProfileById');
    expect(normalizeQuery('put this into brazilian portuguese')).toContain('translate');
    expect(normalizeQuery('say it in japanese')).toContain('translate');
    expect(normalizeQuery('search the news in german')).not.toContain('translate');
  });

  it('keeps what a status is asked of, reads what is left as a balance, a post to #channel as a message', () => {
    // The status rule swallowed "nvidia stock" before the stock-quote rule could read it.
    expect(normalizeQuery("how's nvidia stock doing today?")).toContain('stock quote');
    expect(normalizeQuery("how's the checkout api doing")).toMatch(/checkout api\s+status/);
    expect(normalizeQuery('how much credit is left on our account?')).toContain('balance');
    expect(normalizeQuery('post "maintenance at 22:00" in #announcements on discord')).toContain('send message');
    expect(normalizeQuery('CI should post into our #deploys channel, set up a hook for it')).not.toContain('send message');
    // The number to ring is whom to call, not a phone-number tool's object.
    expect(normalizeQuery('have the booking agent ring +447700900123')).not.toContain('phone number');
    expect(normalizeQuery("what's under logs/2026/ in the acme-logs bucket?")).toContain('list contents');
    expect(normalizeQuery("the app has drifted from what's in git")).not.toContain('list contents');
  });

  it('reads a UUID as an id, an emoji put on something as a reaction, and the staging box as a machine of ours', () => {
    // Read as hex, a UUID was a commit's hash and three words.
    const uuid = normalizeQuery('approve verification session 3f9c2a1e-77b0-4c1d-9e2f-aa01bc77d310');
    expect(uuid).not.toMatch(/commit|77b0|4c1d|9e2f/);
    expect(normalizeQuery('drop a 🎉 on message 1183927401928372224')).toContain('emoji reaction');
    expect(normalizeQuery('👍 the last message from ana in #design')).toContain('emoji reaction');
    // In a message's text an emoji is no word, and no reaction.
    expect(normalizeQuery('let #releases know deploy 4.2 is done ✅')).not.toMatch(/emoji|✅/);
    expect(normalizeQuery('copy ./dist/app.tar.gz up to /opt/releases on the staging box')).toContain('remote server');
    // "prévenir" is no PR (\w knows no é), and "Mrs. Lopez" no merge request.
    expect(normalizeQuery('merci de prévenir vos équipes')).not.toContain('pull request');
    expect(normalizeQuery('call Mrs. Lopez back')).not.toContain('merge request');
    expect(normalizeQuery('review my PR and the MRs')).toMatch(/pull request.*merge request/);
    // A trading pair is no repository's slashed name (it was dropped as one).
    expect(normalizeQuery('btc/usdt price on binance right now')).toMatch(/btc usdt crypto pair/);
  });

  it('reads a few irregular past forms as their verb, and more products by what they are', () => {
    expect(stem('lost')).toBe(stem('lose'));
    expect(stem('withdrawn')).toBe(stem('withdraw'));
    // Past forms that are words of their own in requests stay themselves.
    expect(stem('left')).not.toBe(stem('leave'));
    expect(productKinds('okta')).toContain('identity');
    expect(productKinds('ynab')).toContain('budgeting');
    expect(productKinds('acme-tools')).toBe('');
  });
});

describe('the twenty-ninth round (what a phrase rule takes out)', () => {
  const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object' as const, properties: { url: { type: 'string' } } } });
  const cat = (...tools: Catalog['tools']): Catalog => ({ tools, resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 });
  const vitals = cat(tool('get_core_web_vitals', 'Get Core Web Vitals (LCP, CLS, INP) of a URL'), tool('get_performance_score', 'Performance score of a page'));
  const devtools = cat(tool('performance_start_trace', 'Start a performance trace of the current page'), tool('performance_stop_trace', 'Stop the performance trace and report it'));
  const index = new SearchIndex([...entriesOf('lighthouse', 'lighthouse', vitals), ...entriesOf('chrome-devtools', 'chrome-devtools', devtools)]);

  it("still finds a tool named in words a rule rewrote (\"core web vitals\" is read as a performance trace)", () => {
    const q = 'core web vitals for https://shop.example.com on mobile';
    // The rule is right for the browser's tools, and takes the words out.
    expect(normalizeQuery(q)).not.toMatch(/vitals/);
    const hits = index.search(q, { limit: 4 });
    expect(names(hits)).toContain('lighthouse/get_core_web_vitals');
    expect(hits.find((h) => h.name === 'get_core_web_vitals')?.why).toMatch(/vitals/);
  });

  it('reads "what calls f" as a question about code, a git remote as a repository, this month so far as the month', () => {
    expect(normalizeQuery('what calls chargeCard at src/billing/charge.ts:42?')).not.toContain('calendar');
    expect(normalizeQuery('what calls do I have today')).toContain('calendar');
    expect(normalizeQuery('which jobs build from git@github.com:acme/api.git')).toMatch(/git repository url/);
    expect(normalizeQuery('which jobs build from git@github.com:acme/api.git')).not.toContain('email');
    expect(normalizeQuery('spent on tokens so far this month')).toContain('month to date');
    expect(normalizeQuery('spent on tokens so far this month')).not.toContain('year');
    expect(normalizeQuery('runs so far this year')).toContain('year to date');
  });

  it("reads back only a request's plain words, not a value's (a URL's host, a path, an address)", () => {
    expect(withoutValues('core web vitals for https://shop.example.com on mobile.')).toBe('core vitals mobile');
    expect(withoutValues('read ~/notes/todo.md and mail ana@example.com, (today)')).toBe('read mail today');
    // Not the two words after a negation (a rule took them out on purpose), nor a name in mixed case.
    expect(withoutValues("leave a draft note, don't publish it yet")).toBe('leave draft note');
    expect(withoutValues('read arXiv 2302.01318 all at once')).toBe('read');
  });
});
