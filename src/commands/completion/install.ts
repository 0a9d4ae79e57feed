import { dirname } from 'node:path';
import { Argument, Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { programOf } from '../../io.js';
import { AuthError, UsageError } from '../../errors.js';
import { installTarget, shellFromEnv, type InstallTarget } from '../../completion/install.js';
import { completionScript, shells, type Shell } from '../../completion/scripts.js';
import { codeOf, ensureDir, writeAtomically } from '../../settings/files.js';
import { notes, withExamples } from '../../help/text.js';
import { readFileBounded } from '../../input.js';

export const installCommand = (): Command =>
  withExamples(
    new LeafCommand('install')
      .description(
        'Write the completion script where your shell loads it, and say how to enable it',
      )
      .addArgument(new Argument('[shell]', 'the shell (default: from $SHELL)').choices(shells))
      .addHelpText(
        'after',
        notes(
          '\nWhere it goes (directories are created), for bash, zsh and fish:\n' +
            '  ${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/dactl\n' +
            '  ~/.zsh/completions/_dactl (with ZDOTDIR: $ZDOTDIR/completions/_dactl)\n' +
            '  ${XDG_CONFIG_HOME:-~/.config}/fish/completions/dactl.fish\n' +
            'dactl never edits your startup files: it prints any line to add there.',
        ),
      )
      .local()
      .act(async (ctx, given: Shell | undefined, _opts: object, command: Command) => {
        const shell = given ?? shellFromEnv(ctx.io.env);
        const target = installTarget(shell, ctx.io.env, readText);
        const dryRun = ctx.options.dryRun === true;
        if (!dryRun) write(target, completionScript(programOf(command), shell));
        if (ctx.format !== 'table') {
          await ctx.out.record(target, [
            { key: 'shell', header: 'SHELL' },
            { key: 'path', header: 'PATH' },
            { key: 'enable', header: 'ENABLE' },
          ]);
          return;
        }
        if (dryRun) {
          ctx.out.line(target.path);
          ctx.log.info(
            `--dry-run: the ${shell} completion script would go there; nothing was written.`,
          );
        } else {
          ctx.log.success(`Wrote the ${shell} completion script to ${target.path}.`);
        }
        ctx.log.info(target.enable);
      }),
    'dactl completion install',
    'dactl completion install fish',
    'dactl completion install zsh --dry-run',
    'dactl completion install bash -o json',
  );

function readText(path: string): string | undefined {
  try {
    return readFileBounded(path, path);
  } catch {
    return undefined;
  }
}

function write(target: InstallTarget, script: string): void {
  const problem = (error: unknown, path: string, action: string): Error => {
    const code = codeOf(error);
    if (code === undefined) return error instanceof Error ? error : new Error(String(error));
    const hint = `Make it writable, or print the script and put it where you like: dactl completion ${target.shell} > <file>.`;
    if (code === 'EACCES' || code === 'EPERM') {
      return new AuthError(`Cannot ${action} ${path}: permission denied.`, hint);
    }
    if (code === 'EROFS') {
      return new AuthError(`Cannot ${action} ${path}: the file system is read-only.`, hint);
    }
    if (code === 'ENOTDIR') return new UsageError(`${path} is not a directory.`, hint);
    if (code === 'EISDIR') return new UsageError(`${path} is a directory, not a file.`, hint);
    return new UsageError(`Cannot ${action} ${path} (${code}).`, hint);
  };
  ensureDir(dirname(target.path), problem);
  try {
    writeAtomically(target.path, script, 0o644);
  } catch (error) {
    throw problem(error, target.path, 'write');
  }
}
