// Where `dactl completion install` puts each shell's script: a directory of the user's own that
// the shell (or bash-completion) already reads, and what, if anything, the user must still do.
// dactl never edits a startup file itself; for zsh it reads ~/.zshrc only to tell whether the
// fpath line is already there.
import { isAbsolute, join } from 'node:path';
import { UsageError } from '../errors.js';
import { shells, type Shell } from './scripts.js';
import { singleQuoted } from '../text/shell.js';

export interface InstallTarget {
  shell: Shell;
  /** The file the script is written to. */
  path: string;
  /** What makes it work: open a new shell, or the lines to add to a startup file first. */
  enable: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The shell named by $SHELL (its basename), for `completion install` without one. */
export function shellFromEnv(env: Env): Shell {
  const name = (env.SHELL ?? '').split('/').pop() ?? '';
  const shell = shells.find((s) => s === name);
  if (shell) return shell;
  throw new UsageError(
    env.SHELL
      ? `Cannot install completion for SHELL "${env.SHELL}": dactl has scripts for ${shells.join(', ')}.`
      : 'SHELL is not set, so dactl cannot tell which shell to install completion for.',
    `Name the shell: dactl completion install ${shells.join('|')}.`,
  );
}

/**
 * The file and the enabling step for `shell`. `readText` returns a file's text, or undefined
 * when it cannot be read; only the zsh startup file is read.
 */
export function installTarget(
  shell: Shell,
  env: Env,
  readText: (path: string) => string | undefined,
): InstallTarget {
  const home = env.HOME;
  if (!home || !isAbsolute(home)) {
    throw new UsageError(
      `Cannot tell where to install: HOME is ${home ? `"${home}", not an absolute path` : 'not set'}.`,
      `Set HOME, or print the script and place it yourself: dactl completion ${shell} > <file>.`,
    );
  }
  // The XDG variables count only when absolute, as the XDG specification says.
  const dir = (name: string, fallback: string): string => {
    const value = env[name];
    return value && isAbsolute(value) ? value : join(home, fallback);
  };
  const shown = (path: string): string => tilde(path, home);
  if (shell === 'bash') {
    const user = env.BASH_COMPLETION_USER_DIR;
    const base =
      user && isAbsolute(user)
        ? user
        : join(dir('XDG_DATA_HOME', '.local/share'), 'bash-completion');
    const path = join(base, 'completions', 'dactl');
    return {
      shell,
      path,
      enable:
        'Open a new shell: the bash-completion package loads it from there. ' +
        `Without that package, add this line to ~/.bashrc: source ${shown(path)}`,
    };
  }
  if (shell === 'fish') {
    const path = join(dir('XDG_CONFIG_HOME', '.config'), 'fish', 'completions', 'dactl.fish');
    return { shell, path, enable: 'Open a new shell: fish loads it from there.' };
  }
  const zdotdir = env.ZDOTDIR && isAbsolute(env.ZDOTDIR) ? env.ZDOTDIR : undefined;
  const completions = zdotdir ? join(zdotdir, 'completions') : join(home, '.zsh', 'completions');
  const rc = join(zdotdir ?? home, '.zshrc');
  const rcText = readText(rc) ?? '';
  const path = join(completions, '_dactl');
  if (addsToFpath(rcText, completions, { HOME: home, ZDOTDIR: zdotdir ?? home })) {
    return { shell, path, enable: `Open a new shell (${shown(rc)} already adds it to fpath).` };
  }
  const lines = [`fpath=(${shellWord(shown(completions))} $fpath)`];
  // oh-my-zsh and the like run compinit themselves; without any, zsh completes nothing.
  const runsCompinit = /compinit|oh-my-zsh|prezto|zimfw|zinit|antigen|antidote/.test(rcText);
  if (!runsCompinit) lines.push('autoload -Uz compinit && compinit');
  return {
    shell,
    path,
    enable:
      `Add ${lines.length === 1 ? 'this line' : 'these lines'} to ${shown(rc)}` +
      `${runsCompinit ? ', before compinit runs (before oh-my-zsh or the like is loaded)' : ''}, ` +
      `then open a new shell:\n${lines.map((l) => `  ${l}`).join('\n')}`,
  };
}

/** Whether a startup file has an fpath line naming `dir` (as ~/…, $HOME/…, $ZDOTDIR/… or in full). */
function addsToFpath(
  rcText: string,
  dir: string,
  vars: { HOME: string; ZDOTDIR: string },
): boolean {
  return rcText.split('\n').some((line) => {
    const code = line.replace(/#.*/, '');
    if (!/\bfpath\b/.test(code)) return false;
    const expanded = code
      .replace(/\$\{?(HOME|ZDOTDIR)\}?/g, (_, name: 'HOME' | 'ZDOTDIR') => vars[name])
      .replace(/(^|[\s("'=])~(?=\/)/g, `$1${vars.HOME}`)
      .replace(/["']/g, '');
    return expanded.split(/[\s()=]+/).some((word) => word.replace(/\/+$/, '') === dir);
  });
}

/** `path` with the home directory shown as ~, as a person would type it. */
const tilde = (path: string, home: string): string =>
  path === home || path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;

/** A path as one zsh word: ~/… stays bare so it expands; anything unusual is single-quoted. */
function shellWord(path: string): string {
  if (/^~?[A-Za-z0-9._/+@,-]*$/.test(path)) return path;
  const quoted = singleQuoted(path);
  return path.startsWith('~/') ? `~/${quoted.replace(/^'~\//, "'")}` : quoted;
}
