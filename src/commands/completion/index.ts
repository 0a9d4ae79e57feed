import { Argument, Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { programOf } from '../../io.js';
import { completionScript, shells, type Shell } from '../../completion/scripts.js';
import { notes, withExamples } from '../../help/text.js';
import { installCommand } from './install.js';

interface Row {
  shell: Shell;
  install: string;
  script: string;
}

export const completionCommand = (): Command =>
  withExamples(
    new LeafCommand('completion')
      .description('Print or install a shell completion script (bash, zsh or fish)')
      .addArgument(
        new Argument('[shell]', 'print the script for this shell (none: list the shells)').choices(
          shells,
        ),
      )
      .addCommand(installCommand())
      .addHelpText(
        'after',
        notes(
          '\nProfile and template names are read from local files when you press Tab; nothing asks the panel.',
        ),
      )
      .local()
      .act(async (ctx, shell: Shell | undefined, _opts: object, command: Command) => {
        if (shell !== undefined) {
          ctx.out.line(completionScript(programOf(command), shell).trimEnd());
          return;
        }
        const rows = shells.map((s): Row => ({
          shell: s,
          install: `dactl completion install ${s}`,
          script: `dactl completion ${s}`,
        }));
        await ctx.out.list(rows, [
          { key: 'shell', header: 'SHELL' },
          { key: 'install', header: 'INSTALL' },
          { key: 'script', header: 'PRINT THE SCRIPT' },
        ]);
        const current = shells.find((s) => s === ctx.io.env.SHELL?.split('/').pop());
        if (current && ctx.format === 'table') {
          ctx.log.info(`\`dactl completion install\` alone installs for your shell, ${current}.`);
        }
      }),
    'dactl completion install                  # for the shell in $SHELL',
    'dactl completion',
    'source <(dactl completion bash)',
    'dactl completion zsh > ~/.zsh/completions/_dactl',
  );
