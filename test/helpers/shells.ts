// Real shells completing a dactl command line, as at a terminal: bash through the function its
// `complete` registration names, zsh through compinit and a Tab typed in a pseudo-terminal
// (zpty), fish through `complete -C`. Each returns the offered words and anything else printed.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin } from './dactl.js';

export const hasShell = (shell: string): boolean => spawnSync(shell, ['-c', 'true']).status === 0;

export interface Offered {
  words: string[];
  /** zsh: the lines shown for the words, with their descriptions. */
  shown?: string[];
  /** What else reached the terminal or stderr: an error message, a warning. */
  noise: string;
}

/** A `dactl` on PATH in `dir`/bin, as an installed one would be, for the scripts to run. */
export function dactlOnPath(dir: string, env: Record<string, string>): Record<string, string> {
  const binDir = join(dir, 'bin');
  mkdirSync(binDir, { recursive: true });
  writeFileSync(join(binDir, 'dactl'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(join(binDir, 'dactl'), 0o755);
  return { ...env, PATH: `${binDir}:${env.PATH ?? '/usr/bin:/bin'}` };
}

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
// A guard against a hung shell, never an assertion: a completion that hangs fails the test.
const guard = { encoding: 'utf8' as const, timeout: 30_000 };

function offered(result: SpawnSyncReturns<string>, words: string): Offered {
  if (result.error) throw result.error;
  if (result.signal) throw new Error(`the shell was stopped by ${result.signal} (hung?)`);
  return { words: words.split('\n').filter((l) => l !== ''), noise: result.stderr };
}

/**
 * bash: loads `setup` (a script to source, or commands), takes the function `complete -p dactl`
 * registered, and calls it the way bash does for `line` (the last word is being completed).
 */
export function bashComplete(setup: string, line: string, env: Record<string, string>): Offered {
  const words = line.split(' ');
  const script = `${setup}
spec=$(complete -p dactl) || exit 9
fn=\${spec##*-F }; fn=\${fn%% *}
COMP_WORDS=(${words.map(q).join(' ')}); COMP_CWORD=${String(words.length - 1)}
COMP_LINE=${q(line)}; COMP_POINT=${String(line.length)}
"$fn" dactl ${q(words.at(-1) ?? '')} ${q(words.at(-2) ?? '')}
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { env, ...guard });
  return offered(result, result.stdout);
}

// Runs an interactive zsh in a pseudo-terminal, loads completion with compinit from the fpath
// directory (or lets the user's .zshrc do it, with no directory given), types the line and a
// Tab, and prints what compadd was given between two NUL markers; anything else printed
// meanwhile is the completion's noise.
const zshCapture = String.raw`
zmodload zsh/zpty || exit 3
if [[ -n $1 ]]; then
  zpty z zsh -f -i
  zpty -w z "fpath=(${'$'}{(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
else
  zpty z zsh -i
fi
zpty -w z 'PROMPT=""; RPROMPT=""; bindkey "^I" complete-word'
zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
zpty -w z 'null-line() { print -rn -- $'"'"'\0\n'"'"' }; compprefuncs=(null-line); comppostfuncs=(null-line exit)'
zpty -w z 'compadd() {
  if [[ ${'$'}{@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "<match>$h"; done
  local i; for (( i = 1; i < $#; i++ )); do
    [[ ${'$'}{@[i]} == -d ]] && for h in ${'$'}{(P)${'$'}{@[i+1]}}; do print -r -- "<shown>$h"; done
  done
}'
zpty -w -n z "$2"$'\t'
integer seen=0
while zpty -r z line; do
  [[ $line == *$'\0'* ]] && { (( seen++ )) && break; continue; }
  (( seen )) && print -r -- "${'$'}{line//[$'\r\n']/}"
done
zpty -d z
`;

/**
 * zsh: completes `line` with the completion functions found in `fpathDir` (through compinit),
 * or, given '', as set up by the startup files in $HOME.
 */
export function zshComplete(
  fpathDir: string,
  line: string,
  env: Record<string, string>,
  cwd?: string,
): Offered {
  const result = spawnSync('zsh', ['-f', '-c', zshCapture, 'zsh', fpathDir, line], {
    env,
    cwd,
    ...guard,
  });
  const lines = result.stdout.split('\n');
  const matches = lines.filter((l) => l.startsWith('<match>')).map((l) => l.slice(7));
  const shown = lines.filter((l) => l.startsWith('<shown>')).map((l) => l.slice(7));
  const noise = lines
    .filter((l) => l.trim() !== '' && !l.startsWith('<match>') && !l.startsWith('<shown>'))
    .join('\n');
  return { ...offered({ ...result, stderr: noise + result.stderr }, matches.join('\n')), shown };
}

/** fish: `complete -C line` after `setup` (e.g. sourcing a script); the words without descriptions. */
export function fishComplete(setup: string, line: string, env: Record<string, string>): Offered {
  const result = spawnSync('fish', ['-c', `${setup}\ncomplete -C ${q(line)}`], { env, ...guard });
  const words = result.stdout
    .split('\n')
    .map((l) => l.split('\t')[0] ?? '')
    .join('\n');
  return offered(result, words);
}
