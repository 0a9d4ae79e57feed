// commander's usage errors (unknown command or option, missing argument, bad choice...) as
// dactl's own UsageError, so src/main.ts reports them as it reports every error: one message,
// one hint, JSON with -o json, exit 2.
import type { Command, CommanderError } from 'commander';
import { UsageError } from './errors.js';

/** The error commander raised in `failed` (the command whose line it could not parse). */
export async function usageError(error: CommanderError, failed: Command): Promise<UsageError> {
  const path: string[] = [];
  for (let c = failed; c.parent; c = c.parent) path.unshift(c.name());
  const here = ['dactl', ...path].join(' ');
  if (error.code === 'commander.unknownCommand') {
    const word = failed.args[0] ?? '';
    const { commandPaths, nearest } = await import('./suggest.js');
    const given = [...path, ...failed.args.filter((a) => !a.startsWith('-'))];
    const near = nearest(given, path.length, await commandPaths());
    return new UsageError(
      `Unknown command "${word}" for "${here}".`,
      near ? `Did you mean "dactl ${near.join(' ')}"?` : `See "${here} --help".`,
    );
  }
  // commander's message is "error: <what>", and for an unknown option "(Did you mean --x?)"
  // on a line of its own.
  const [first = '', ...more] = error.message.replace(/^error: /, '').split('\n');
  const message = first.charAt(0).toUpperCase() + first.slice(1);
  const suggestion = more.join(' ').replace(/^\((.*)\)$/, '$1');
  return new UsageError(
    /[.?!]$/.test(message) ? message : `${message}.`,
    suggestion || `See "${here} --help".`,
  );
}
