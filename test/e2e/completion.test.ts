// Completion scripts, run for real in bash, zsh and fish; the checked-in copies stay current.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { run, tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import {
  bashComplete,
  dactlOnPath,
  fishComplete,
  hasShell,
  zshComplete,
  type Offered,
} from '../helpers/shells.js';

const shells = ['bash', 'zsh', 'fish'] as const;
const completionsDir = fileURLToPath(new URL('../../completions/', import.meta.url));
const sorted = (o: Offered): string[] => [...o.words].sort();

describe('dactl completion', () => {
  const home = tempHome();
  const scripts: Record<string, string> = {};
  let env: Record<string, string>;
  /** Requests that reached the panel the profile names: completing must send none. */
  let requests = 0;
  let panel: Server;

  before(async () => {
    env = dactlOnPath(home.dir, home.env);
    panel = createServer((_req, res) => {
      requests += 1;
      res.end();
    });
    await new Promise<void>((resolve) => panel.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((panel.address() as AddressInfo).port)}`;
    for (const shell of shells) {
      const result = await run(['completion', shell], { env });
      assert.equal(result.code, 0, result.stderr);
      scripts[shell] = result.stdout;
    }
    writeFileSync(join(home.dir, 'dactl.bash'), scripts.bash ?? '');
    writeFileSync(join(home.dir, 'dactl.fish'), scripts.fish ?? '');
    // zsh finds a completion function as a file named after it, in a directory on fpath.
    mkdirSync(join(home.dir, 'zfunc'));
    writeFileSync(join(home.dir, 'zfunc', '_dactl'), scripts.zsh ?? '');
    for (const name of ['prod', 'staging']) {
      const add = ['profile', 'add', name, '--url', url, '--username', 'admin'];
      const result = await run([...add, '--password-stdin', '--no-verify'], {
        env,
        input: 'secret',
      });
      assert.equal(result.code, 0, result.stderr);
    }
    // What `users list` of profile "prod" keeps for completing --as and --domain.
    const names = join(home.dir, '.cache', 'dactl', 'completion');
    mkdirSync(names, { recursive: true, mode: 0o700 });
    const listed = { accounts: ['alice', 'fred'], domains: ['fred.example'] };
    writeFileSync(join(names, 'prod.json'), JSON.stringify(listed), { mode: 0o600 });
    // The user's own template sets add to the built-in ones.
    mkdirSync(join(home.configDir, 'templates'));
    const app = { description: 'ours', application: { type: 'php', root: '/x' } };
    const route = { description: 'ours', route: [{ action: { return: 404 } }] };
    writeFileSync(
      join(home.configDir, 'templates', 'unit_apps.json'),
      JSON.stringify({ 'team-app': app }),
    );
    writeFileSync(
      join(home.configDir, 'templates', 'unit_routes.json'),
      JSON.stringify({ 'team-route': route }),
    );
  });
  after(async () => {
    await new Promise((resolve) => panel.close(resolve));
    home.cleanup();
  });

  it('matches the scripts checked in under completions/ (run `npm run completions`)', () => {
    for (const shell of shells) {
      const file = join(completionsDir, `dactl.${shell}`);
      assert.equal(readFileSync(file, 'utf8'), scripts[shell], `${file} is stale`);
    }
  });

  it('starts the zsh script with #compdef, which compinit needs on the first line', () => {
    assert.equal(scripts.zsh?.split('\n')[0], '#compdef dactl');
  });

  it('rejects an unknown shell with exit 2', async () => {
    const result = await run(['completion', 'tcsh'], { env });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /bash, zsh, fish/);
  });

  it('lists the shells and the install command when no shell is named', async () => {
    const result = await run(['completion'], { env: { ...env, SHELL: '/usr/bin/zsh' } });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^SHELL +INSTALL +PRINT THE SCRIPT\n/);
    for (const shell of shells) {
      assert.match(
        result.stdout,
        new RegExp(`\\n${shell} +dactl completion install ${shell} +dactl completion ${shell}\\n`),
      );
    }
    assert.match(result.stderr, /`dactl completion install` alone installs for your shell, zsh/);
    const json = await run(['completion', '-o', 'json'], { env });
    assert.deepEqual(
      (JSON.parse(json.stdout) as { shell: string }[]).map((r) => r.shell),
      [...shells],
    );
  });

  // The same expectations for each shell: `complete` gives the words offered for a line.
  const expectations = (complete: (line: string) => Offered): void => {
    assert.deepEqual(sorted(complete('dactl us')), ['user', 'users']);
    assert.deepEqual(sorted(complete('dactl profile r')), ['remove', 'rename', 'rm']);
    assert.ok(complete('dactl --as fred db ').words.includes('list'));
    // Output formats after -o anywhere, before or after the command.
    for (const line of ['dactl -o ', 'dactl db list -o ', 'dactl unit app list --output ']) {
      assert.deepEqual(sorted(complete(line)), ['json', 'table', 'tsv', 'yaml'], line);
    }
    // Profile names after -p anywhere and after profile use, show and remove.
    for (const line of [
      'dactl -p ',
      'dactl users list --profile ',
      'dactl profile use ',
      'dactl profile show ',
      'dactl profile rm ',
    ]) {
      assert.deepEqual(sorted(complete(line)), ['prod', 'staging'], line);
    }
    assert.deepEqual(sorted(complete('dactl profile use s')), ['staging']);
    // Help topics and commands after help.
    const topics = complete('dactl help ').words;
    for (const word of ['environment', 'exit-codes', 'unit', 'profile'])
      assert.ok(topics.includes(word), word);
    assert.deepEqual(complete('dactl help ex').words, ['exit-codes']);
    // Template names, built in and the user's own, of the kind the command takes.
    const apps = complete('dactl unit app create blog --template ').words;
    assert.ok(apps.includes('php') && apps.includes('team-app'), apps.join(' '));
    assert.ok(!apps.includes('team-route'));
    const routes = complete('dactl unit route set --domain x.example --template ').words;
    assert.ok(routes.includes('proxy') && routes.includes('team-route'), routes.join(' '));
    assert.deepEqual(sorted(complete('dactl completion install ')), ['bash', 'fish', 'zsh']);
    // help <group> offers that group's subcommands, not the top-level names again.
    assert.deepEqual(sorted(complete('dactl help unit ')), [
      'app',
      'apply',
      'doctor',
      'export',
      'route',
      'status',
      'sync',
      'templates',
    ]);
    assert.ok(complete('dactl help unit route ').words.includes('edit'));
    // Accounts and domains from the named (or current) profile's last listing, never files.
    assert.deepEqual(sorted(complete('dactl -p prod --as ')), ['alice', 'fred']);
    assert.deepEqual(complete('dactl --profile prod db list --as f').words, ['fred']);
    assert.deepEqual(complete('dactl unit app list --domain ').words, ['fred.example']);
    assert.deepEqual(complete('dactl -p staging --as ').words, []);
    assert.deepEqual(complete('dactl -p prod user create --domain ').words, []);
    assert.ok(complete('dactl db list --').words.includes('--output'));
  };

  it(
    'bash: registers itself and completes commands, formats, profiles, topics and templates',
    { skip: !hasShell('bash') },
    () => {
      const source = `source ${join(home.dir, 'dactl.bash')}`;
      const registered = bashComplete(source, 'dactl ', env);
      assert.ok(registered.words.includes('profile'));
      expectations((line) => bashComplete(source, line, env));
      // No names after --as is nothing: `complete -o default` would otherwise list files.
      const off = `${source}\ncompopt() { [[ $* == '+o default' ]] && echo '<no files>'; }`;
      assert.deepEqual(bashComplete(off, 'dactl -p staging --as ', env).words, ['<no files>']);
    },
  );

  it('zsh: loaded by compinit from fpath, completes at a Tab', { skip: !hasShell('zsh') }, () => {
    const zfunc = join(home.dir, 'zfunc');
    expectations((line) => zshComplete(zfunc, line, env));
    // Commands and options are shown with what they do.
    const shown = zshComplete(zfunc, 'dactl profile ', env).shown ?? [];
    assert.ok(
      shown.some((l) => /^use +-- Make a profile the current one$/.test(l)),
      shown.join('\n'),
    );
    const options = zshComplete(zfunc, 'dactl db list --o', env).shown ?? [];
    assert.ok(
      options.some((l) => /^--output +-- output format/.test(l)),
      options.join('\n'),
    );
    const files = zshComplete(zfunc, 'dactl --ca-cert ', env, home.dir).words;
    assert.ok(files.includes('zfunc/') || files.includes('zfunc'), `files: ${files.join(' ')}`);
  });

  it(
    'fish: completes commands, formats, profiles, topics and templates',
    { skip: !hasShell('fish') },
    () => {
      expectations((line) => fishComplete(`source ${join(home.dir, 'dactl.fish')}`, line, env));
    },
  );

  it('sends nothing to the panel while completing', () => {
    assert.equal(requests, 0);
  });

  describe('with a missing, corrupt or unreadable config', () => {
    const cases: [string, (dir: string) => void][] = [
      ['missing', () => undefined],
      [
        'corrupt',
        (dir) => {
          mkdirSync(dir, { mode: 0o700 });
          writeFileSync(join(dir, 'config.json'), '{"profiles": {"prod"', { mode: 0o600 });
          mkdirSync(join(dir, 'templates'));
          writeFileSync(join(dir, 'templates', 'unit_apps.json'), '[not json');
        },
      ],
      [
        'unreadable',
        (dir) => {
          mkdirSync(dir, { mode: 0o700 });
          writeFileSync(join(dir, 'config.json'), '{"profiles": {}}', { mode: 0o600 });
          // Root reads through any mode; a directory another user owns is refused all the same.
          if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
          else chmodSync(dir, 0o000);
        },
      ],
    ];
    for (const [name, make] of cases) {
      it(`${name}: lists no profiles and prints nothing else, in every shell`, () => {
        const broken = tempHome();
        try {
          make(broken.configDir);
          const brokenEnv = dactlOnPath(broken.dir, broken.env);
          const checks: [string, boolean, (line: string) => Offered][] = [
            [
              'bash',
              hasShell('bash'),
              (l) => bashComplete(`source ${join(home.dir, 'dactl.bash')}`, l, brokenEnv),
            ],
            ['zsh', hasShell('zsh'), (l) => zshComplete(join(home.dir, 'zfunc'), l, brokenEnv)],
            [
              'fish',
              hasShell('fish'),
              (l) => fishComplete(`source ${join(home.dir, 'dactl.fish')}`, l, brokenEnv),
            ],
          ];
          for (const [shell, present, complete] of checks) {
            if (!present) continue;
            for (const line of ['dactl profile use ', 'dactl -p ']) {
              const result = complete(line);
              assert.deepEqual(result.words, [], `${shell}: ${line}`);
              assert.equal(result.noise, '', `${shell}: ${line}`);
            }
            // A broken template file of one's own still leaves the built-in templates.
            const apps = complete('dactl unit app create blog --template ');
            assert.ok(apps.words.includes('php'), `${shell}: ${apps.words.join(' ')}`);
            assert.equal(apps.noise, '');
          }
        } finally {
          if (name === 'unreadable' && process.getuid?.() !== 0) chmodSync(broken.configDir, 0o700);
          broken.cleanup();
        }
      });
    }

    it('the lister itself: exit 0, nothing on stderr, only plain names', async () => {
      const broken = tempHome();
      try {
        mkdirSync(broken.configDir, { mode: 0o700 });
        const hostile = {
          profiles: {
            ok: { url: 'http://x', username: 'a' },
            '$(touch pwned)': { url: 'http://x', username: 'a' },
          },
        };
        writeFileSync(join(broken.configDir, 'config.json'), JSON.stringify(hostile), {
          mode: 0o600,
        });
        const listed = await run(['__complete', 'profiles'], { env: broken.env });
        assert.deepEqual([listed.code, listed.stdout, listed.stderr], [0, 'ok\n', '']);
        writeFileSync(join(broken.configDir, 'config.json'), 'nonsense', { mode: 0o600 });
        const corrupt = await run(['__complete', 'profiles'], {
          env: { ...broken.env, DACTL_PROFILE: 'prod-*', DACTL_AS: 'not a user' },
        });
        assert.deepEqual([corrupt.code, corrupt.stdout, corrupt.stderr], [0, '', '']);
        const unknown = await run(['__complete', 'nothing'], { env: broken.env });
        assert.deepEqual([unknown.code, unknown.stdout, unknown.stderr], [0, '', '']);
      } finally {
        broken.cleanup();
      }
    });
  });
});

describe('dactl help', () => {
  it('prints the environment and exit-code tables, and any command’s help', async () => {
    const home = tempHome();
    const { env } = home;
    const run = runInProcess;
    const environment = await run(['help', 'environment'], { env });
    assert.equal(environment.code, 0);
    assert.match(environment.stdout, /DACTL_URL\s+panel address/);
    const codes = await run(['help', 'exit-codes'], { env });
    assert.match(codes.stdout, /\n {2}130 {2}cancelled/);
    const db = await run(['help', 'db', 'list'], { env });
    assert.match(db.stdout, /^Usage: dactl db list\|ls/);
    const unknown = await run(['help', 'nope'], { env });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Topics: environment, exit-codes/);
    home.cleanup();
  });
});
