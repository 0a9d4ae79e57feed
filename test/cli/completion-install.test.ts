// `dactl completion install`: where each shell's script goes, what the user is told to do, and
// that dactl writes only the script (never a startup file); run in-process with a temporary HOME.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { installTarget, shellFromEnv } from '../../src/completion/install.js';
import { UsageError } from '../../src/errors.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

const home = '/home/ann';
const none = (): undefined => undefined;
const rc =
  (text: string) =>
  (path: string): string | undefined =>
    path === `${home}/.zshrc` ? text : undefined;

describe('where completion install puts each script', () => {
  it('bash: the bash-completion user directory, honouring its variables', () => {
    const at = (env: Record<string, string>) => installTarget('bash', { HOME: home, ...env }, none);
    assert.equal(at({}).path, `${home}/.local/share/bash-completion/completions/dactl`);
    assert.equal(at({ XDG_DATA_HOME: '/data' }).path, '/data/bash-completion/completions/dactl');
    assert.equal(at({ BASH_COMPLETION_USER_DIR: '/bc' }).path, '/bc/completions/dactl');
    // A relative XDG variable is ignored, as the XDG specification says.
    assert.equal(
      at({ XDG_DATA_HOME: 'data' }).path,
      `${home}/.local/share/bash-completion/completions/dactl`,
    );
    assert.match(at({}).enable, /Open a new shell/);
    assert.match(at({}).enable, /source ~\/\.local\/share\/bash-completion\/completions\/dactl$/);
  });

  it('fish: its own completions directory, read without any setup', () => {
    const target = installTarget('fish', { HOME: home }, none);
    assert.equal(target.path, `${home}/.config/fish/completions/dactl.fish`);
    assert.equal(target.enable, 'Open a new shell: fish loads it from there.');
    const xdg = installTarget('fish', { HOME: home, XDG_CONFIG_HOME: '/cfg' }, none);
    assert.equal(xdg.path, '/cfg/fish/completions/dactl.fish');
  });

  it('zsh: ~/.zsh/completions, with the fpath line (and compinit when nothing runs it)', () => {
    const bare = installTarget('zsh', { HOME: home }, none);
    assert.equal(bare.path, `${home}/.zsh/completions/_dactl`);
    assert.equal(
      bare.enable,
      'Add these lines to ~/.zshrc, then open a new shell:\n' +
        '  fpath=(~/.zsh/completions $fpath)\n' +
        '  autoload -Uz compinit && compinit',
    );
    const framework = installTarget('zsh', { HOME: home }, rc('source $ZSH/oh-my-zsh.sh\n'));
    assert.equal(
      framework.enable,
      'Add this line to ~/.zshrc, before compinit runs (before oh-my-zsh or the like is loaded), ' +
        'then open a new shell:\n  fpath=(~/.zsh/completions $fpath)',
    );
  });

  it('zsh: says only "open a new shell" when ~/.zshrc already adds the directory', () => {
    for (const line of [
      'fpath=(~/.zsh/completions $fpath)',
      'fpath=("$HOME/.zsh/completions" $fpath)',
      'fpath+=${HOME}/.zsh/completions/',
      `  fpath=(${home}/.zsh/completions $fpath) # ours`,
    ]) {
      const target = installTarget(
        'zsh',
        { HOME: home },
        rc(`autoload -Uz compinit\n${line}\ncompinit\n`),
      );
      assert.equal(target.enable, 'Open a new shell (~/.zshrc already adds it to fpath).', line);
    }
    for (const line of [
      '# fpath=(~/.zsh/completions $fpath)',
      'fpath=(~/.zsh/completions-old $fpath)',
    ]) {
      const target = installTarget('zsh', { HOME: home }, rc(`${line}\ncompinit\n`));
      assert.match(target.enable, /^Add this line/, line);
    }
  });

  it('zsh: with ZDOTDIR, $ZDOTDIR/completions and $ZDOTDIR/.zshrc', () => {
    const zdotdir = `${home}/.config/zsh`;
    const read = (path: string): string | undefined =>
      path === `${zdotdir}/.zshrc` ? 'fpath=($ZDOTDIR/completions $fpath)\ncompinit\n' : undefined;
    const target = installTarget('zsh', { HOME: home, ZDOTDIR: zdotdir }, read);
    assert.equal(target.path, `${zdotdir}/completions/_dactl`);
    assert.equal(
      target.enable,
      'Open a new shell (~/.config/zsh/.zshrc already adds it to fpath).',
    );
  });

  it('zsh: quotes a directory with spaces in the line to add', () => {
    const inside = installTarget('zsh', { HOME: home, ZDOTDIR: `${home}/my zsh` }, none);
    assert.match(inside.enable, /fpath=\(~\/'my zsh\/completions' \$fpath\)/);
    const spaced = installTarget('zsh', { HOME: '/home/a b' }, none);
    assert.match(spaced.enable, /fpath=\(~\/\.zsh\/completions \$fpath\)/);
    const outside = installTarget('zsh', { HOME: home, ZDOTDIR: '/etc/my zsh' }, none);
    assert.match(outside.enable, /fpath=\('\/etc\/my zsh\/completions' \$fpath\)/);
  });

  it('needs an absolute HOME', () => {
    for (const HOME of [undefined, 'relative']) {
      assert.throws(() => installTarget('fish', { HOME }, none), UsageError);
    }
  });

  it('takes the shell from $SHELL, or says which ones it knows', () => {
    assert.equal(shellFromEnv({ SHELL: '/usr/bin/zsh' }), 'zsh');
    assert.equal(shellFromEnv({ SHELL: '/opt/homebrew/bin/fish' }), 'fish');
    assert.throws(
      () => shellFromEnv({ SHELL: '/bin/tcsh' }),
      /SHELL "\/bin\/tcsh".*bash, zsh, fish/,
    );
    assert.throws(() => shellFromEnv({}), /SHELL is not set/);
  });
});

describe('dactl completion install (in-process)', () => {
  let h: ReturnType<typeof tempHome>;
  beforeEach(() => {
    h = tempHome();
  });
  afterEach(() => {
    h.cleanup();
  });
  const dactl = (args: string[], env: Record<string, string> = {}) =>
    runInProcess(args, { env: { ...h.env, ...env } });

  it('writes the script for $SHELL, says where and how to enable it, prints no data', async () => {
    const result = await dactl(['completion', 'install'], { SHELL: '/bin/bash' });
    assert.equal(result.code, 0, result.stderr);
    const path = join(h.dir, '.local/share/bash-completion/completions/dactl');
    const script = await dactl(['completion', 'bash']);
    assert.equal(readFileSync(path, 'utf8'), script.stdout);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, new RegExp(`Wrote the bash completion script to ${path}\\.`));
    assert.match(result.stderr, /Open a new shell/);
    // Installed again: replaced in place, no temporary file left behind.
    assert.equal((await dactl(['completion', 'install', 'bash'])).code, 0);
    assert.deepEqual(readdirSync(join(path, '..')), ['dactl']);
  });

  it('zsh: prints the fpath line to add and leaves ~/.zshrc as it was', async () => {
    const zshrc = join(h.dir, '.zshrc');
    writeFileSync(zshrc, 'autoload -Uz compinit && compinit\n');
    const result = await dactl(['completion', 'install', 'zsh']);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(existsSync(join(h.dir, '.zsh/completions/_dactl')));
    assert.match(result.stderr, /\n {2}fpath=\(~\/\.zsh\/completions \$fpath\)\n/);
    assert.equal(readFileSync(zshrc, 'utf8'), 'autoload -Uz compinit && compinit\n');
  });

  it('-o json gives {shell, path, enable}', async () => {
    const result = await dactl(['completion', 'install', 'fish', '-o', 'json']);
    assert.equal(result.code, 0, result.stderr);
    const path = join(h.dir, '.config/fish/completions/dactl.fish');
    assert.deepEqual(JSON.parse(result.stdout), {
      shell: 'fish',
      path,
      enable: 'Open a new shell: fish loads it from there.',
    });
    assert.ok(existsSync(path));
  });

  it('--dry-run prints the path and writes nothing', async () => {
    const result = await dactl(['completion', 'install', 'fish', '--dry-run']);
    assert.equal(result.code, 0, result.stderr);
    const path = join(h.dir, '.config/fish/completions/dactl.fish');
    assert.equal(result.stdout, `${path}\n`);
    assert.match(result.stderr, /nothing was written/);
    assert.ok(!existsSync(join(h.dir, '.config')));
    const json = await dactl(['completion', 'install', 'zsh', '--dry-run', '--json']);
    assert.equal(
      (JSON.parse(json.stdout) as { path: string }).path,
      join(h.dir, '.zsh/completions/_dactl'),
    );
    assert.ok(!existsSync(join(h.dir, '.zsh')));
  });

  it('an unknown or missing $SHELL, or an unknown shell, is exit 2 with a hint', async () => {
    for (const env of [{ SHELL: '/bin/tcsh' }, {}] as Record<string, string>[]) {
      const result = await dactl(['completion', 'install'], env);
      assert.equal(result.code, 2);
      assert.match(
        result.stderr,
        /hint: Name the shell: dactl completion install bash\|zsh\|fish\./,
      );
    }
    const json = await dactl(['completion', 'install', '-o', 'json'], { SHELL: '/bin/ksh' });
    assert.equal((JSON.parse(json.stderr) as { error: { exitCode: number } }).error.exitCode, 2);
    const unknown = await dactl(['completion', 'install', 'tcsh']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Allowed choices are bash, zsh, fish/);
  });

  it('a file where a directory should be is exit 2 naming it, with a hint', async () => {
    writeFileSync(join(h.dir, '.zsh'), 'not a directory');
    const result = await dactl(['completion', 'install', 'zsh']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, new RegExp(`error: ${join(h.dir, '.zsh')} is not a directory\\.`));
    assert.match(result.stderr, /hint: .*dactl completion zsh > <file>/);
    mkdirSync(join(h.dir, '.config/fish/completions/dactl.fish'), { recursive: true });
    const fish = await dactl(['completion', 'install', 'fish']);
    assert.equal(fish.code, 2);
    assert.match(fish.stderr, /dactl\.fish is a directory, not a file/);
  });
});
