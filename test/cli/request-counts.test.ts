// What dactl asks of a panel: the requests each read command sends, counted at the sandbox. The
// README's table "what dactl asks of your panel" is these figures. A panel of 2,000 accounts
// shows that users list does not grow with the accounts (a page holds 1000). In-process.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';

/** Who runs it, the command, and how many requests it sends to the demo panel. */
const readCommands: [string, string[], number][] = [
  ['admin', ['whoami'], 1],
  ['admin', ['users', 'list'], 4],
  ['reseller1', ['users', 'list'], 3],
  ['admin', ['users', 'list', '--names'], 3],
  ['reseller1', ['users', 'list', '--names'], 2],
  ['fred', ['db', 'list'], 1],
  ['admin', ['db', 'list', '--as', 'fred'], 1],
  ['fred', ['unit', 'app', 'list', '--domain', 'fred.example'], 1],
  ['fred', ['unit', 'app', 'show', 'app', '--domain', 'fred.example'], 1],
  ['fred', ['unit', 'route', 'list', '--domain', 'fred.example'], 1],
  ['fred', ['unit', 'route', 'show', '--domain', 'fred.example'], 1],
  ['fred', ['unit', 'templates', 'list'], 0],
];

describe('requests per read command', () => {
  let demo: Sandbox;
  let big: Sandbox;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dactl-requests-'));
    demo = await startSandbox({ port: 0 });
    big = await startSandbox({ port: 0, dataDir: manyAccounts(join(dir, 'big'), 2000) });
  });
  after(async () => {
    await Promise.all([demo.close(), big.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (sandbox: Sandbox, who: string, args: string[]) => {
    const before = sandbox.requests.length;
    const r = await runInProcess(args, {
      env: {
        HOME: dir,
        DACTL_CONFIG_DIR: join(dir, 'config'),
        CI: 'true',
        DACTL_URL: sandbox.url,
        DACTL_USERNAME: who,
        DACTL_PASSWORD: sandbox.accounts.find((a) => a.username === who)?.password ?? '',
      },
    });
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return sandbox.requests.length - before;
  };

  it('each read command, on the demo panel', async () => {
    const seen: [string, string[], number][] = [];
    for (const [who, args] of readCommands) seen.push([who, args, await count(demo, who, args)]);
    assert.deepEqual(seen, readCommands);
  });

  it('users list on 2,000 accounts: the name lists and two pages, not a request each', async () => {
    assert.equal(await count(big, 'admin', ['users', 'list', '-o', 'json']), 5);
    assert.equal(await count(big, 'admin', ['users', 'list', '--names', '-o', 'json']), 3);
  });
});

/** A sandbox state file of an admin and `n - 1` users (the format of src/sandbox/state.ts). */
function manyAccounts(dataDir: string, n: number): string {
  const account = (username: string, role: string) => ({
    username,
    password: `pw-${username}`,
    role,
    owner: 'admin',
    email: `${username}@${username}.example`,
    package: 'standard',
    domains: [`${username}.example`],
    databases: [],
  });
  const accounts = [account('admin', 'admin')];
  for (let i = 1; i < n; i++) accounts.push(account(`user${String(i)}`, 'user'));
  mkdirSync(dataDir, { mode: 0o700 });
  writeFileSync(join(dataDir, 'state.json'), JSON.stringify({ version: 1, accounts }), {
    mode: 0o600,
  });
  return dataDir;
}
