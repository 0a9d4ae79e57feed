import { Argument, Command } from 'commander';
import { Context } from '../context.js';
import { completionScript, shells, type Shell } from '../completion/scripts.js';
import { notes, withExamples } from './help.js';

export const completionCommand = (): Command =>
  withExamples(
    new Command('completion')
      .description('Print a shell completion script (bash, zsh or fish)')
      .addArgument(new Argument('<shell>', 'the shell').choices(shells))
      .addHelpText(
        'after',
        notes(
          '\nProfile names for --profile are read from the local profile file; nothing asks the panel.',
        ),
      )
      .action((shell: Shell, _opts: object, command: Command) => {
        const ctx = Context.from(command);
        let root = command;
        while (root.parent) root = root.parent;
        ctx.out.line(completionScript(root, shell).trimEnd());
      }),
    'source <(dactl completion bash)',
    'dactl completion zsh > "${fpath[1]}/_dactl"',
    'dactl completion fish > ~/.config/fish/completions/dactl.fish',
  );
