import type { Command } from 'commander';

/** Adds an "Examples:" block to a command's --help; every command has at least one. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}`);
}
