// `dactl completion install`, then a new shell with a temporary HOME: each shell finds the
// script where it was written and completes, after only what dactl told the user to do.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { run, tempHome } from '../helpers/dactl.js';
import {
  bashComplete,
  dactlOnPath,
  fishComplete,
  hasShell,
  zshComplete,
} from '../helpers/shells.js';

const root = process.getuid?.() === 0;
const nobody = 65534;
// bash-completion's loader reads the user directory; where the package is, it is used.
const bashCompletion = ['/usr/share/bash-completion/bash_completion', '/etc/bash_completion'].find(
  (f) => existsSync(f),
);

describe('dactl completion install, then a new shell', () => {
  let home: ReturnType<typeof tempHome>;
  let env: Record<string, string>;
  beforeEach(() => {
    home = tempHome();
    env = dactlOnPath(home.dir, home.env);
  });
  afterEach(() => {
    home.cleanup();
  });
  const install = async (shell: string): Promise<{ path: string; enable: string }> => {
    const result = await run(['completion', 'install', shell, '-o', 'json'], { env });
    assert.equal(result.code, 0, result.stderr);
    return JSON.parse(result.stdout) as { path: string; enable: string };
  };

  it(
    'zsh: the lines it prints, added to ~/.zshrc, make Tab complete',
    { skip: !hasShell('zsh') },
    async () => {
      const { path, enable } = await install('zsh');
      assert.equal(path, join(home.dir, '.zsh/completions/_dactl'));
      assert.equal(readFileSync(path, 'utf8').split('\n')[0], '#compdef dactl');
      // What the user does by hand: copy the indented lines into ~/.zshrc.
      const lines = enable
        .split('\n')
        .filter((l) => l.startsWith('  '))
        .map((l) => l.trim());
      assert.deepEqual(lines, [
        'fpath=(~/.zsh/completions $fpath)',
        'autoload -Uz compinit && compinit',
      ]);
      writeFileSync(join(home.dir, '.zshrc'), lines.join('\n') + '\n');
      const offered = zshComplete('', 'dactl us', env);
      assert.deepEqual(offered.words.sort(), ['user', 'users']);
      assert.equal(offered.noise, '');
      // Asked again, it sees the line is there and asks for nothing more.
      assert.equal(
        (await install('zsh')).enable,
        'Open a new shell (~/.zshrc already adds it to fpath).',
      );
    },
  );

  it(
    'fish: loads it from its completions directory with no setup',
    { skip: !hasShell('fish') },
    async () => {
      const { path } = await install('fish');
      assert.equal(path, join(home.dir, '.config/fish/completions/dactl.fish'));
      assert.deepEqual(fishComplete('', 'dactl us', env).words.sort(), ['user', 'users']);
    },
  );

  it(
    'bash: loaded by bash-completion from the user directory',
    { skip: !hasShell('bash') || !bashCompletion },
    async () => {
      const { path } = await install('bash');
      assert.equal(path, join(home.dir, '.local/share/bash-completion/completions/dactl'));
      // A new shell: bash-completion's default handler loads the script at the first Tab.
      const setup = `source ${bashCompletion ?? ''}
loader=$(complete -p -D); loader=\${loader##*-F }; loader=\${loader%% *}
"$loader" dactl '' dactl`;
      assert.deepEqual(bashComplete(setup, 'dactl us', env).words.sort(), ['user', 'users']);
    },
  );

  it(
    'bash: without bash-completion, the `source` line it prints works',
    { skip: !hasShell('bash') },
    async () => {
      const { enable } = await install('bash');
      const line = /source \S+$/.exec(enable)?.[0] ?? '';
      assert.equal(line, 'source ~/.local/share/bash-completion/completions/dactl');
      assert.deepEqual(bashComplete(line, 'dactl us', env).words.sort(), ['user', 'users']);
    },
  );

  it('a directory it cannot write is exit 3 naming it, with a hint, and nothing written', async () => {
    // Root writes through any mode, so as root this runs as nobody in a home nobody owns.
    const dir = join(home.dir, '.config');
    mkdirSync(dir, { mode: 0o500 });
    if (root) {
      chownSync(home.dir, nobody, nobody);
      chownSync(dir, nobody, nobody);
    }
    const result = await run(['completion', 'install', 'fish'], {
      env: home.env,
      ...(root ? { uid: nobody } : {}),
    });
    chmodSync(dir, 0o700);
    assert.equal(result.code, 3, result.stderr);
    assert.match(
      result.stderr,
      new RegExp(`error: Cannot create ${dir}/fish: permission denied\\.`),
    );
    assert.match(result.stderr, /hint: .*dactl completion fish > <file>/);
    assert.ok(!existsSync(join(dir, 'fish')));
  });
});
