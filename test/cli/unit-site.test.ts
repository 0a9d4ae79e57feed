// `unit export` and `unit apply`, in process against two sandbox panels whose alice has empty
// domains with fred's application files uploaded: the round trip to another account and to
// another panel (a fleet), byte-identical after the renames; a second apply that sends nothing;
// prune; and every way a run must end before a write, or part-way with what remains.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { demoState } from '../../src/sandbox/data.js';
import { world, type World } from '../helpers/dactl.js';
import { panelFaults } from '../helpers/faults.js';
import { runInProcess } from '../helpers/in-process.js';

const site = 'alice-site.example';
const copy = 'alice-copy.example';

/** The demo state, with two empty domains of alice's holding fred's applications' files. */
function seed(dataDir: string): void {
  const state = demoState();
  const alice = state.accounts.find((a) => a.username === 'alice');
  assert.ok(alice);
  for (const domain of [site, copy]) {
    alice.domains.push(domain);
    alice.files?.push(`domains/${domain}/app/app.js`, `domains/${domain}/api/wsgi.py`);
  }
  mkdirSync(dataDir, { mode: 0o700 });
  writeFileSync(join(dataDir, 'state.json'), JSON.stringify(state), { mode: 0o600 });
}

/** fred's export with the renames apply makes for alice's `domain`. */
const renamed = (text: string, domain: string): string =>
  text
    .replaceAll('fred.example', domain)
    .replaceAll('/home/fred/', '/home/alice/')
    .replaceAll('user: fred', 'user: alice');

const shopRoute = [
  {
    match: { host: 'shop.fred.example', uri: '/api/*' },
    action: { pass: 'applications/fred.example_api' },
  },
  { action: { share: '/home/fred/domains/fred.example/public_html$uri' } },
];

describe('unit export / unit apply', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-site-'));
  const worlds: World[] = [];
  let w: World;
  let fred: Record<string, string>;
  let admin: Record<string, string>;
  let exported = '';
  const dactl = (args: string[], env = fred, input?: string) =>
    runInProcess(args, input === undefined ? { env } : { env, input });
  const asAlice = ['--as', 'alice'];

  before(async () => {
    for (const name of ['a', 'b']) {
      const dataDir = join(dir, name);
      seed(dataDir);
      worlds.push(await world({ dataDir }));
    }
    w = worlds[0] as World;
    fred = w.envFor('fred');
    admin = w.envFor('admin');
    const steps = [
      [
        'unit',
        'app',
        'create',
        'api',
        '--domain',
        'fred.example',
        '--template',
        'python',
        '--dir',
        'api',
      ],
      ['unit', 'route', 'set', '--domain', 'fred.example', '--template', 'app', '--var', 'app=app'],
      ['unit', 'route', 'set', '--domain', 'fred.example', '--subdomain', 'shop', '--file', '-'],
    ];
    for (const args of steps) {
      const r = await dactl([...args, '--yes'], fred, JSON.stringify(shopRoute));
      assert.equal(r.code, 0, r.stderr);
    }
    const e = await dactl(['unit', 'export', '--domain', 'fred.example']);
    assert.equal(e.code, 0, e.stderr);
    exported = e.stdout;
  });
  afterEach(() => {
    for (const x of worlds) x.reset();
  });
  after(async () => {
    await Promise.all(worlds.map((x) => x.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports YAML with sorted keys, the same bytes twice, and says the file holds the environment', async () => {
    assert.match(exported, /^domain: fred\.example\nuser: fred\napplications:\n {2}api:\n/);
    assert.ok(exported.indexOf('  fred.example:') < exported.indexOf('  shop.fred.example:'));
    assert.match(exported, /timeout: 30\n/, 'numbers as numbers');
    const again = await dactl(['unit', 'export', '--domain', 'fred.example']);
    assert.equal(again.stdout, exported);
    assert.match(again.stderr, /holds the environment of app as it is/);
    const asJson = await dactl(['unit', 'export', '--domain', 'fred.example', '-o', 'json']);
    const doc = JSON.parse(asJson.stdout) as { routes: Record<string, unknown> };
    assert.deepEqual(Object.keys(doc.routes), ['fred.example', 'shop.fred.example']);
  });

  it('round trip to another account: renamed, byte-identical; a second apply sends no POST', async () => {
    const apply = ['unit', 'apply', '-f', '-', ...asAlice, '--domain', site];
    const first = await dactl([...apply, '--yes'], admin, exported);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /Plan for alice-site\.example .*: 4 changes/);
    // Applications before the routes that pass to them.
    assert.ok(
      first.stderr.indexOf('Created application app') < first.stderr.indexOf('Set route set'),
    );
    const back = await dactl(['unit', 'export', ...asAlice, '--domain', site], admin);
    assert.equal(back.stdout, renamed(exported, site));
    const before = w.sandbox.requests.length;
    const second = await dactl([...apply, '-o', 'json'], admin, exported);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(w.postsSince(before).length, 0);
    assert.match(second.stderr, /Nothing to change: alice-site\.example matches/);
    const rows = JSON.parse(second.stdout) as { outcome: string }[];
    assert.ok(rows.length === 4 && rows.every((r) => r.outcome === 'unchanged'));
  });

  it('a fleet applies one file to an empty domain of two panels; export gives one document per panel', async () => {
    const home = { HOME: dir, DACTL_CONFIG_DIR: join(dir, 'config'), CI: 'true' };
    for (const [i, x] of worlds.entries()) {
      const add = [
        'profile',
        'add',
        `site-${String(i)}`,
        '--url',
        x.sandbox.url,
        '--username',
        'admin',
      ];
      const r = await dactl([...add, '--password-stdin'], home, x.password('admin'));
      assert.equal(r.code, 0, r.stderr);
    }
    const fleet = ['-p', 'site-*', ...asAlice, '--domain', copy];
    const refused = await dactl(['unit', 'apply', '-f', '-', ...fleet], home, exported);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /--yes/);
    const applied = await dactl(['unit', 'apply', '-f', '-', ...fleet, '--yes'], home, exported);
    assert.equal(applied.code, 0, applied.stderr);
    const out = await dactl(['unit', 'export', ...fleet, '-o', 'json', '--sort', 'profile'], home);
    assert.equal(out.code, 0, out.stderr);
    const docs = JSON.parse(out.stdout) as { profile: string; result: unknown }[];
    const single = await dactl(['unit', 'export', '--domain', 'fred.example', '-o', 'json']);
    const expected = JSON.parse(
      renamed(single.stdout, copy).replaceAll('"user":"fred"', '"user":"alice"'),
    ) as unknown;
    assert.deepEqual(docs, [
      { profile: 'site-0', result: expected },
      { profile: 'site-1', result: expected },
    ]);
  });

  it('--prune deletes what the file lacks, route sets before applications', async () => {
    const extra = ['--domain', 'fred.example', '--yes'];
    const set = ['unit', 'route', 'set', ...extra, '--subdomain', 'old', '--file', '-'];
    const r = await dactl(set, fred, '[{"action":{"return":410}}]');
    assert.equal(r.code, 0, r.stderr);
    const create = [
      'unit',
      'app',
      'create',
      'api2',
      ...extra,
      '--template',
      'python',
      '--dir',
      'api',
    ];
    const c = await dactl(create);
    assert.equal(c.code, 0, c.stderr);
    const mark = w.sandbox.requests.length;
    const plain = await dactl(['unit', 'apply', '-f', '-', '--yes'], fred, exported);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(w.postsSince(mark).length, 0, 'without --prune the extra set stays');
    const pruned = await dactl(
      ['unit', 'apply', '-f', '-', '--prune', '--yes', '-o', 'json'],
      fred,
      exported,
    );
    assert.equal(pruned.code, 0, pruned.stderr);
    const posts = w.postsSince(mark).map((p) => new URLSearchParams(p.body));
    // fred's out-of-step "legacy" runs in Unit without a stored copy: not the domain's, not pruned.
    assert.deepEqual(
      posts.map((p) => [p.get('action'), p.get('select0')]),
      [
        ['select_routes', 'old.fred.example'],
        ['select', 'api2'],
      ],
    );
    assert.deepEqual((JSON.parse(pruned.stdout) as unknown[]).slice(-2), [
      { kind: 'route-set', name: 'old.fred.example', action: 'delete', outcome: 'done' },
      { kind: 'application', name: 'api2', action: 'delete', outcome: 'done' },
    ]);
    const back = await dactl(['unit', 'export', '--domain', 'fred.example']);
    assert.equal(back.stdout, exported);
  });
  /** fred's export as data, changed by `change`, as JSON text. */
  const edited = async (change: (doc: Doc) => void): Promise<string> => {
    const r = await dactl(['unit', 'export', '--domain', 'fred.example', '-o', 'json']);
    const doc = JSON.parse(r.stdout) as Doc;
    change(doc);
    return JSON.stringify(doc);
  };
  const restore = async (): Promise<void> => {
    const r = await dactl(['unit', 'apply', '-f', '-', '--prune', '--yes'], fred, exported);
    assert.equal(r.code, 0, r.stderr);
  };
  const moreProcesses = (doc: Doc): void => {
    (doc.applications.app as { processes: { max: number } }).processes.max = 9;
  };

  it('an invalid document: every problem with its path, exit 2, nothing sent', async () => {
    const text = await edited((doc) => {
      (doc.applications.app as { processes: { max: number } }).processes.max = 0;
      doc.routes['shop.fred.example'] = [{ action: { pass: 'applications/alice.example_blog' } }];
      doc.routes['other.example'] = [];
      Object.assign(doc, { extra: 1 });
    });
    const before = w.sandbox.requests.length;
    const r = await dactl(['unit', 'apply', '-f', '-', '--yes', '-o', 'json'], fred, text);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(w.sandbox.requests.length, before, 'not even a read');
    const paths = (JSON.parse(r.stdout) as { path: string }[]).map((p) => p.path);
    assert.deepEqual(paths.sort(), ['extra', 'routes["other.example"]']);
    const shape = await dactl(
      ['unit', 'apply', '-f', '-', '--yes'],
      fred,
      text.replace(',"extra":1', '').replace(',"other.example":[]', ''),
    );
    assert.equal(shape.code, 2, shape.stderr);
    assert.match(shape.stderr, /applications\.app\.processes\.max: must be an integer from 1/);
    assert.match(
      shape.stderr,
      /routes\["shop\.fred\.example"\]\[0\]\.action\.pass: application "alice\.example_blog" belongs to another domain/,
    );
    assert.equal(w.sandbox.requests.length, before);
  });

  it('what cannot be renamed safely is refused with its path and the reason', async () => {
    const text = await edited((doc) => {
      const app = doc.applications.app as { environment: Record<string, string> };
      app.environment.SITE_URL = 'https://fred.example/';
    });
    const before = w.sandbox.requests.length;
    const r = await dactl(
      ['unit', 'apply', '-f', '-', ...asAlice, '--domain', site, '--yes'],
      admin,
      text,
    );
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /applications\.app\.environment\.SITE_URL: names fred\.example, which dactl cannot rename safely/,
    );
    assert.equal(w.postsSince(before).length, 0);
  });

  it('--dry-run prints the plan and the requests and sends nothing; no terminal needs --yes', async () => {
    const text = await edited(moreProcesses);
    const before = w.sandbox.requests.length;
    const dry = await dactl(['unit', 'apply', '-f', '-', '--dry-run'], fred, text);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /~ modify application app:\n(.*\n)*- {5}"max": 4,\n\+ {5}"max": 9,/);
    assert.match(dry.stdout, /^POST .*\/CMD_UNIT\?json=yes$/m);
    assert.match(dry.stdout, /action=modify&name=app/);
    const refused = await dactl(['unit', 'apply', '-f', '-'], fred, text);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /confirmation needed; pass --yes/);
    assert.equal(w.postsSince(before).length, 0);
  });

  it('a refusal part-way (error=1): exit 7, each outcome, what remains', async () => {
    w.sandbox.modes.legacyErrors = 'ok';
    const text = await edited((doc) => {
      moreProcesses(doc);
      // Not uploaded: the panel refuses to create it.
      doc.applications.zzz = {
        type: 'external',
        executable: '/home/fred/domains/fred.example/zzz/z.js',
      };
      doc.routes['new.fred.example'] = [{ action: { return: 204 } }];
    });
    const r = await dactl(['unit', 'apply', '-f', '-', '--yes', '-o', 'json'], fred, text);
    assert.equal(r.code, 7, r.stderr);
    assert.match(
      r.stderr,
      /Applied 1 of 3 changes to fred\.example; create application zzz failed: .*z\.js does not exist.* Not sent: set new\.fred\.example/s,
    );
    const rows = JSON.parse(r.stdout) as { name: string; outcome: string }[];
    assert.deepEqual(
      rows.filter((x) => x.outcome !== 'unchanged').map((x) => [x.name, x.outcome]),
      [
        ['app', 'done'],
        ['zzz', 'failed'],
        ['new.fred.example', 'not-sent'],
      ],
    );
    await restore();
  });

  it('a lost answer: may have been made, how to check; part-way it is exit 7', async () => {
    const text = await edited((doc) => {
      moreProcesses(doc);
      doc.routes['new.fred.example'] = [{ action: { return: 204 } }];
    });
    w.sandbox.fault({ kind: 'reset', path: '/CMD_UNIT', method: 'POST', times: 1 });
    const first = await dactl(['unit', 'apply', '-f', '-', '--yes'], fred, text);
    assert.equal(first.code, 6, first.stderr);
    assert.match(
      first.stderr,
      /may have been made: check with "dactl unit export --domain fred\.example"/,
    );
    w.sandbox.clearFaults();
    let posts = 0;
    const unwatch = w.sandbox.watch((request) => {
      if (request.method === 'POST' && ++posts === 2) {
        w.sandbox.fault({ kind: 'reset', path: '/CMD_UNIT', method: 'POST', times: 1 });
      }
    });
    const restored = await dactl(['unit', 'apply', '-f', '-', '--yes'], fred, exported);
    unwatch();
    assert.equal(restored.code, 0, restored.stderr);
    posts = 0;
    const again = w.sandbox.watch((request) => {
      if (request.method === 'POST' && ++posts === 2) {
        w.sandbox.fault({ kind: 'reset', path: '/CMD_UNIT', method: 'POST', times: 1 });
      }
    });
    const part = await dactl(['unit', 'apply', '-f', '-', '--yes'], fred, text);
    again();
    assert.equal(part.code, 7, part.stderr);
    assert.match(
      part.stderr,
      /Applied 1 of 2 changes .*set new\.fred\.example may or may not have been made/s,
    );
    assert.match(part.stderr, /run the same apply again/);
    await restore();
  });

  it('bad input ends with exit 2 before anything is sent', async () => {
    const cases: [string[], string | undefined, RegExp][] = [
      [['-f', join(dir, 'missing.yaml')], undefined, /cannot read the file \(ENOENT\)/],
      [['-f', dir], undefined, /is a directory/],
      [['-f', '-'], '', /is empty/],
      [['-f', '-'], '{"domain": "fred.example",,}', /is not valid JSON \(line 1, column 27\)/],
      [
        ['-f', '-'],
        'domain: fred.example\n  user: [',
        /is not valid YAML \(line 1, column 9\): Nested mappings/,
      ],
      [['-f', '-'], 'domain: fred.example\ndomain: x.example\n', /is not valid YAML .*unique/i],
      [
        ['-f', '-'],
        'domain: fred.example\nroutes: {fred.example: [{action: {return: .inf}}]}\n',
        /routes\["fred\.example"\]\[0\]\.action\.return is Infinity/,
      ],
      [['-f', '-'], '- a list\n', /must be an object with "domain"/],
      [['-f', '-', '--domain', 'Bad_Domain'], 'domain: fred.example\n', /--domain/],
      [
        ['-f', '-', '-p', 'nosuch'],
        'domain: fred.example\n',
        /no profile named "nosuch"|profile "nosuch"/,
      ],
      [[], undefined, /Give the document with -f <file>/],
    ];
    const before = w.sandbox.requests.length;
    for (const [args, input, words] of cases) {
      const r = await dactl(['unit', 'apply', ...args, '--yes'], fred, input);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, words, args.join(' '));
    }
    assert.equal(w.sandbox.requests.length, before);
  });

  it('panel faults and a refused login end export and apply with their exit codes, no write', async () => {
    const before = w.sandbox.requests.length;
    const apply = ['unit', 'apply', '-f', '-', '--yes'];
    // Both read the domain the same way (site/state.ts): apply meets every fault, export one.
    const runs: [string[], (typeof panelFaults)[number]][] = [
      ...panelFaults.map((f): [string[], (typeof panelFaults)[number]] => [apply, f]),
      [
        ['unit', 'export', '--domain', 'fred.example'],
        ['garbage', 5, /expected shape/],
      ],
    ];
    for (const [args, [kind, code, words]] of runs) {
      w.sandbox.fault({ kind, path: '/CMD_UNIT' });
      const r = await dactl([...args, '--timeout', '5'], fred, exported);
      w.sandbox.clearFaults();
      assert.equal(r.code, code, `${args[1] ?? ''} / ${kind}: ${r.stderr}`);
      assert.match(r.stderr, words);
    }
    for (const mode of ['status', 'login-page'] as const) {
      w.sandbox.modes.badCredentials = mode;
      const r = await dactl(
        ['unit', 'apply', '-f', '-', '--yes'],
        { ...fred, DACTL_PASSWORD: 'wrong' },
        exported,
      );
      assert.equal(r.code, 3, r.stderr);
    }
    assert.equal(w.postsSince(before).length, 0);
  });
});

type Doc = { applications: Record<string, unknown>; routes: Record<string, unknown> };
