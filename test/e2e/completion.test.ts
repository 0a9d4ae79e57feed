// Completion scripts, run for real in bash, zsh and fish; the checked-in copies stay current.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bin, run, tempHome } from '../helpers/dactl.js';

const shells = ['bash', 'zsh', 'fish'] as const;
const has = (shell: string): boolean => spawnSync(shell, ['-c', 'true']).status === 0;
const completionsDir = fileURLToPath(new URL('../../completions/', import.meta.url));

describe('dactl completion', () => {
  const home = tempHome();
  const scripts: Record<string, string> = {};
  let env: Record<string, string>;

  before(async () => {
    // A `dactl` on PATH, as an installed one would be, for the profile-name lookup.
    const binDir = join(home.dir, 'bin');
    mkdirSync(binDir);
    writeFileSync(join(binDir, 'dactl'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    chmodSync(join(binDir, 'dactl'), 0o755);
    env = { ...home.env, PATH: `${binDir}:${home.env.PATH}` };
    for (const shell of shells) {
      const result = await run(['completion', shell], { env });
      assert.equal(result.code, 0, result.stderr);
      scripts[shell] = result.stdout;
      writeFileSync(join(home.dir, `dactl.${shell}`), result.stdout);
    }
    await run(
      [
        'profile',
        'add',
        'prod',
        '--url',
        'https://panel.example:2222',
        '--username',
        'admin',
        '--password-stdin',
        '--no-verify',
      ],
      {
        env,
        input: 'secret',
      },
    );
  });
  after(() => {
    home.cleanup();
  });

  it('matches the scripts checked in under completions/ (run `npm run completions`)', () => {
    for (const shell of shells) {
      const file = join(completionsDir, `dactl.${shell}`);
      assert.equal(readFileSync(file, 'utf8'), scripts[shell], `${file} is stale`);
    }
  });

  it('rejects an unknown shell with exit 2', async () => {
    const result = await run(['completion', 'tcsh'], { env });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /bash, zsh, fish/);
  });

  const bash = (line: string[]): string[] => {
    const script = `source ${join(home.dir, 'dactl.bash')}
COMP_WORDS=(${line.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${String(line.length - 1)}
_dactl; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const result = spawnSync('bash', ['--norc', '-c', script], { env, encoding: 'utf8' });
    return result.stdout.split('\n').filter(Boolean);
  };

  it(
    'bash: registers itself and completes commands, formats and profiles',
    { skip: !has('bash') },
    () => {
      const registered = spawnSync(
        'bash',
        ['--norc', '-c', `source ${join(home.dir, 'dactl.bash')}; complete -p dactl`],
        {
          encoding: 'utf8',
        },
      );
      assert.match(registered.stdout, /complete -o default -F _dactl dactl/);
      assert.deepEqual(bash(['dactl', 'pro']), ['profile']);
      assert.deepEqual(bash(['dactl', 'unit', 'ro']), ['route']);
      assert.deepEqual(bash(['dactl', 'profile', 'r']), ['remove', 'rm']);
      assert.deepEqual(bash(['dactl', '-o', '']), ['table', 'json', 'tsv', 'yaml']);
      assert.deepEqual(bash(['dactl', '--profile', '']), ['prod']);
      assert.deepEqual(bash(['dactl', '--as', 'fred', 'db', 'l']), ['list', 'ls']);
      assert.ok(bash(['dactl', 'db', 'list', '--']).includes('--output'));
      assert.deepEqual(bash(['dactl', 'completion', '']).slice(0, 3), ['bash', 'zsh', 'fish']);
    },
  );

  const zsh = (line: string[]): string[] => {
    const script = `compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -l -- "$@"; }
_files() { print '(files)'; }
compdef() { :; }
source ${join(home.dir, 'dactl.zsh')}
words=(${line.map((w) => `'${w}'`).join(' ')}); CURRENT=${String(line.length)}
_dactl`;
    const result = spawnSync('zsh', ['-f', '-c', script], { env, encoding: 'utf8' });
    return result.stdout.split('\n').filter(Boolean);
  };

  it('zsh: completes commands, formats and profiles', { skip: !has('zsh') }, () => {
    assert.ok(zsh(['dactl', '']).includes('profile'));
    assert.ok(zsh(['dactl', 'profile', '']).includes('remove'));
    assert.deepEqual(zsh(['dactl', '-o', '']), ['table', 'json', 'tsv', 'yaml']);
    assert.deepEqual(zsh(['dactl', '-p', '']), ['prod']);
    assert.ok(zsh(['dactl', '--as', 'fred', 'db', '']).includes('list'));
    assert.deepEqual(zsh(['dactl', '--ca-cert', '']), ['(files)']);
  });

  const fish = (line: string): string[] => {
    const result = spawnSync(
      'fish',
      ['--no-config', '-c', `source ${join(home.dir, 'dactl.fish')}; complete -C '${line}'`],
      {
        env,
        encoding: 'utf8',
      },
    );
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0] ?? '');
  };

  it('fish: completes commands, formats and profiles', { skip: !has('fish') }, () => {
    assert.ok(fish('dactl ').includes('profile'));
    assert.deepEqual(fish('dactl profile r').sort(), ['remove', 'rm']);
    assert.deepEqual(fish('dactl -o ').sort(), ['json', 'table', 'tsv', 'yaml']);
    assert.deepEqual(fish('dactl --profile '), ['prod']);
    assert.ok(fish('dactl db ').includes('list'));
  });
});

describe('dactl help', () => {
  it('prints the environment and exit-code tables, and any command’s help', async () => {
    const env = tempHome().env;
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
  });
});
