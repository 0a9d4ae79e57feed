// The layout of every help page, as gh and doctl lay theirs out: what the command is and does
// first (usage, description, arguments, subcommands, its own options), then its notes and
// examples, and the global options last: listed in full on `dactl --help` and in
// `dactl help globals`, named in one line on every other page.
import type { Command, Help, Option } from 'commander';
import { helpWidth, wrapText } from './text.js';

const settings =
  'Settings come from, in order: flags, then the environment (DACTL_PROFILE, DACTL_URL, ' +
  'DACTL_USERNAME, DACTL_PASSWORD, DACTL_AS, DACTL_NO_INPUT, DACTL_CONFIG_DIR, NO_COLOR; ' +
  'see "dactl help environment"), then the selected profile, then the current profile. With ' +
  'DACTL_URL, DACTL_USERNAME and DACTL_PASSWORD set, no profile is needed.';

/** Gives every command of the program this layout. */
export function layOutHelp(program: Command): void {
  const all = [program];
  for (const command of all) {
    all.push(...command.commands);
    // Descriptions wrap on narrow terminals too (commander stops below 40 columns of room).
    command.configureHelp({ ...command.configureHelp(), formatHelp, minWidthToWrap: 20 });
  }
  program.addHelpText('afterAll', ({ command, error }) => {
    const width = helpWidth(command, error);
    return `\n${command === program ? globalOptionsHelp(program, width) : globalsLine(program, width)}`;
  });
}

/** The global options with their descriptions, then where settings come from. */
export function globalOptionsHelp(program: Command, width: number): string {
  const helper = program.createHelp();
  helper.prepareContext({ helpWidth: width });
  const termWidth = helper.padWidth(program, helper);
  const items = helper
    .visibleOptions(program)
    .map((o) =>
      helper.formatItem(helper.optionTerm(o), termWidth, helper.optionDescription(o), helper),
    );
  return ['Global options:', ...items, '', wrapText(settings, width)].join('\n');
}

/** One line naming the global options, for the pages of subcommands. */
function globalsLine(program: Command, width: number): string {
  const flags = program.options
    .filter((o) => !o.hidden && o.long !== '--version')
    .map((o: Option) => [o.short, o.long].filter(Boolean).join('/'));
  // The pointer has a line of its own, so the command in it is never wrapped.
  return `${wrapText(`Global options: ${flags.join(', ')}.`, width)}\nSee "dactl help globals".`;
}

/** commander's page without the global options, and with the subcommands before the options. */
function formatHelp(cmd: Command, helper: Help): string {
  const termWidth = helper.padWidth(cmd, helper);
  const list = <T>(
    title: string,
    things: T[],
    term: (thing: T) => string,
    description: (thing: T) => string,
  ): string[] =>
    things.length === 0
      ? []
      : [
          helper.styleTitle(title),
          ...things.map((t) => helper.formatItem(term(t), termWidth, description(t), helper)),
          '',
        ];
  const description = helper.commandDescription(cmd);
  return [
    `${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`,
    '',
    ...(description
      ? [helper.boxWrap(helper.styleCommandDescription(description), helper.helpWidth ?? 80), '']
      : []),
    ...list(
      'Arguments:',
      helper.visibleArguments(cmd),
      (a) => helper.styleArgumentTerm(helper.argumentTerm(a)),
      (a) => helper.styleArgumentDescription(helper.argumentDescription(a)),
    ),
    ...list(
      'Commands:',
      helper.visibleCommands(cmd),
      (c) => helper.styleSubcommandTerm(helper.subcommandTerm(c)),
      (c) => helper.styleSubcommandDescription(helper.subcommandDescription(c)),
    ),
    // The program's own options are the global options, shown at the end of its page.
    ...list(
      'Options:',
      cmd.parent === null ? [] : helper.visibleOptions(cmd),
      (o) => helper.styleOptionTerm(helper.optionTerm(o)),
      (o) => helper.styleOptionDescription(helper.optionDescription(o)),
    ),
  ].join('\n');
}
