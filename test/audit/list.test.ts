// `dactl audit list` and `dactl audit path`, in-process over a trail written here: filters,
// formats, the rotated file read first, a broken line skipped with a warning naming it, and bad
// input (a bad --since or --outcome, a trail that is a link) with its exit code.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process.js';

const hour = 3600_000;
const entry = (ago: number, fields: Record<string, unknown>) => ({
  time: new Date(Date.now() - ago).toISOString(),
  dactl: '0.1.0',
  user: 'root',
  host: 'web1',
  pid: 1,
  command: 'api',
  line: 'dactl api',
  panel: 'https://panel.example:2222',
  login: 'admin',
  method: 'POST',
  path: '/CMD_X',
  outcome: 'done',
  ...fields,
});

describe('dactl audit list and path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-audit-'));
  const trail = join(dir, 'state', 'audit.jsonl');
  const env = { PATH: process.env.PATH ?? '', HOME: dir, CI: 'true', DACTL_AUDIT_FILE: trail };
  const list = (...args: string[]) => runInProcess(['audit', 'list', ...args], { env });
  const commands = async (...args: string[]): Promise<string[]> => {
    const r = await list(...args, '-o', 'json');
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { command: string; profile?: string }[]).map(
      (e) => `${e.profile ?? '-'} ${e.command}`,
    );
  };
  before(() => {
    mkdirSync(join(dir, 'state'), { mode: 0o700 });
    const rotated = [entry(30 * 24 * hour, { command: 'login', profile: 'prod' })];
    const current = [
      entry(3 * 24 * hour, { command: 'unit app restart', profile: 'prod', login: undefined }),
      entry(hour, { command: 'api', profile: 'prod', outcome: 'refused', said: 'No.' }),
      'not json {',
      entry(10 * 60_000, {
        command: 'unit route set',
        profile: 'stage',
        as: 'fred',
        outcome: 'may-have-been-made',
      }),
    ];
    const lines = (items: unknown[]) =>
      items.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';
    writeFileSync(`${trail}.1`, lines(rotated), { mode: 0o600 });
    writeFileSync(trail, lines(current), { mode: 0o600 });
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every entry oldest first, the rotated file first; a broken line is named and skipped', async () => {
    const r = await list('-o', 'json');
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`Skipped line 3 of ${trail}: it is not an entry dactl wrote`),
    );
    assert.deepEqual(
      (JSON.parse(r.stdout) as { command: string }[]).map((e) => e.command),
      ['login', 'unit app restart', 'api', 'unit route set'],
    );
  });

  it('filters by --since (a time back or a date), --profile, --command and --outcome', async () => {
    assert.deepEqual(await commands('--since', '2h'), ['prod api', 'stage unit route set']);
    assert.deepEqual(await commands('--since', '4d', '--profile', 'prod'), [
      'prod unit app restart',
      'prod api',
    ]);
    const yesterday = new Date(Date.now() - 24 * hour).toISOString().slice(0, 10);
    assert.equal((await commands('--since', yesterday)).length, 2);
    assert.deepEqual(await commands('--command', 'unit'), [
      'prod unit app restart',
      'stage unit route set',
    ]);
    assert.deepEqual(await commands('--command', 'unit app'), ['prod unit app restart']);
    assert.deepEqual(await commands('--command', 'uni'), []);
    assert.deepEqual(await commands('--outcome', 'may-have-been-made'), ['stage unit route set']);
    assert.deepEqual(await commands('--profile', 'nope'), []);
  });

  it('prints a table, TSV, YAML and --query results', async () => {
    const table = await list('--outcome', 'refused');
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^TIME\s+USER\s+PROFILE\s+ACCOUNT\s+COMMAND\s+CHANGE\s+OUTCOME\n/);
    assert.match(table.stdout, /Z\s+root\s+prod\s+admin\s+api\s+POST \/CMD_X\s+refused\n$/);
    const routes = await list('--command', 'unit route');
    assert.match(routes.stdout, /admin as fred/);
    const tsv = await list('--outcome', 'refused', '-o', 'tsv');
    assert.match(
      tsv.stdout,
      /\troot\t\tprod\tadmin\t\tapi\tPOST\thttps:\/\/panel\.example:2222\t\/CMD_X\trefused\n$/,
    );
    const yaml = await list('--outcome', 'refused', '-o', 'yaml');
    assert.match(yaml.stdout, /^- time: /);
    assert.match(yaml.stdout, /said: No\.\n/);
    const query = await list('--since', '2h', '--query', '[].as', '-o', 'tsv');
    assert.equal(query.stdout, 'fred\n');
  });

  it('refuses a bad --since or --outcome with exit 2 and a hint', async () => {
    for (const since of ['yesterday', '2 h', '-2h', '2026-02-30', '2026-11-01T25:00']) {
      const r = await list('--since', since);
      assert.equal(r.code, 2, `${since}: ${r.stderr}`);
      assert.match(
        r.stderr,
        /--since ".*": give a time back from now \(30m, 2h, 7d, 1w\) or a date/,
      );
      assert.match(r.stderr, /hint: /);
      assert.equal(r.stdout, '');
    }
    const outcome = await list('--outcome', 'maybe');
    assert.equal(outcome.code, 2);
    assert.match(outcome.stderr, /done, refused, may-have-been-made, not-sent/);
  });

  it('says when nothing is recorded yet; -o json is []', async () => {
    const empty = { ...env, DACTL_AUDIT_FILE: join(dir, 'none', 'audit.jsonl') };
    const r = await runInProcess(['audit', 'list'], { env: empty, terminal: 80 });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Nothing recorded yet in .*none\/audit\.jsonl/);
    const json = await runInProcess(['audit', 'list', '-o', 'json'], { env: empty });
    assert.equal(json.stdout, '[]\n');
  });

  it('refuses to read a trail that is a link (exit 3)', async () => {
    const link = join(dir, 'link.jsonl');
    symlinkSync(trail, link);
    const r = await runInProcess(['audit', 'list'], { env: { ...env, DACTL_AUDIT_FILE: link } });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /it is a symbolic link/);
  });

  it('audit path: DACTL_AUDIT_FILE, $XDG_STATE_HOME, ~/.local/state; whether it records', async () => {
    const path = await runInProcess(['audit', 'path'], { env });
    assert.equal(path.stdout, `${trail}\n`);
    const base = { PATH: env.PATH, HOME: dir, CI: 'true' };
    const home = await runInProcess(['audit', 'path'], { env: base });
    assert.equal(home.stdout, `${join(dir, '.local', 'state', 'dactl', 'audit.jsonl')}\n`);
    const xdg = await runInProcess(['audit', 'path', '-o', 'json'], {
      env: { ...base, XDG_STATE_HOME: '/var/state', DACTL_AUDIT: 'off' },
    });
    assert.deepEqual(JSON.parse(xdg.stdout), {
      path: '/var/state/dactl/audit.jsonl',
      recording: false,
    });
    const nohome = await runInProcess(['audit', 'path'], { env: { PATH: env.PATH, CI: 'true' } });
    assert.equal(nohome.code, 2);
    assert.match(nohome.stderr, /HOME is not set/);
  });

  it('is local: a fleet selection is refused', async () => {
    const r = await list('--all-profiles');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /works on this machine/);
  });
});
