// What the shells need to know about the command tree, read from commander itself so the
// completion scripts can never disagree with the parser.
import type { Argument, Command, Option } from 'commander';
import { hintOf, type Source } from './values.js';

/** What a value may be: fixed words, names listed when completing, or (neither) a file. */
export interface Values {
  words: string[];
  source?: Source;
}

export interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  /** Absent for an option that takes a file or free text. */
  values?: Values;
}

export interface CommandNode {
  /** Words after `dactl`, e.g. ['unit', 'app']; [] for the root. */
  path: string[];
  /** The last word of the path and its aliases, e.g. ['list', 'ls']. */
  names: string[];
  description: string;
  subcommands: { name: string; description: string }[];
  /** What its positional arguments take, e.g. the shells of `completion`, profile names. */
  argumentValues: Values;
  options: OptionSpec[];
}

export function commandTree(program: Command): CommandNode[] {
  const nodes: CommandNode[] = [];
  const commandNames = visibleCommands(program).map((c) => c.name());
  const valuesOf = (target: Argument | Option): Values | undefined => {
    const hint = hintOf(target);
    const words = [
      ...(target.argChoices ?? []),
      ...(hint?.words ?? []),
      ...(hint?.commands ? commandNames : []),
    ];
    // A tag with no words and no source still says: not a file.
    if (hint === undefined && words.length === 0) return undefined;
    return hint?.source === undefined ? { words } : { words, source: hint.source };
  };
  const visit = (command: Command, path: string[]): void => {
    const visible = visibleCommands(command);
    const subcommands = visible.flatMap((c) =>
      [c.name(), ...c.aliases()].map((name) => ({
        name,
        description: firstLine(c.summary() || c.description()),
      })),
    );
    const argumentValues = command.registeredArguments.map(valuesOf);
    nodes.push({
      path,
      names: [command.name(), ...command.aliases()],
      description: command.description(),
      subcommands,
      argumentValues: {
        words: argumentValues.flatMap((v) => v?.words ?? []),
        ...sourceOf(argumentValues),
      },
      options: [
        ...command.options.filter((o) => !o.hidden).map((o) => optionSpec(o, valuesOf(o))),
        help,
      ],
    });
    for (const child of visible) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return [...nodes, ...helpPaths(program, nodes)];
}

/**
 * `dactl help unit <Tab>`: below a command that takes command names (help), each group offers
 * its subcommands, as the group itself does.
 */
function helpPaths(program: Command, nodes: CommandNode[]): CommandNode[] {
  const takers = visibleCommands(program).filter((c) =>
    c.registeredArguments.some((a) => hintOf(a)?.commands === true),
  );
  const groups = nodes.filter((n) => n.path.length > 0 && n.subcommands.length > 0);
  return takers.flatMap((taker) =>
    groups.map((group) => ({
      ...group,
      path: [taker.name(), ...group.path],
      argumentValues: { words: [] },
      options: [help],
    })),
  );
}

/** Options that take a value, anywhere in the tree: after them the next word is not a command. */
export function valueOptions(nodes: CommandNode[]): string[] {
  const flags = new Set<string>();
  for (const node of nodes) {
    for (const o of node.options) {
      if (!o.takesValue) continue;
      if (o.short) flags.add(o.short);
      if (o.long) flags.add(o.long);
    }
  }
  return [...flags].sort();
}

const help: OptionSpec = {
  short: '-h',
  long: '--help',
  description: 'show help',
  takesValue: false,
};

function optionSpec(option: Option, values: Values | undefined): OptionSpec {
  const spec: OptionSpec = {
    description: firstLine(option.description),
    takesValue: option.required || option.optional,
  };
  if (option.short) spec.short = option.short;
  if (option.long) spec.long = option.long;
  if (values) spec.values = values;
  return spec;
}

/** The first listed source among a command's arguments (no command has two). */
function sourceOf(values: (Values | undefined)[]): { source?: Source } {
  const source = values.find((v) => v?.source !== undefined)?.source;
  return source === undefined ? {} : { source };
}

// What help lists (commander's public help API), less the `help` subcommand commander adds to
// each group on its own, which the completion scripts have never offered.
const visibleCommands = (command: Command): Command[] =>
  command
    .createHelp()
    .visibleCommands(command)
    .filter((c) => command.commands.includes(c));

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

export const flagsOf = (o: OptionSpec): string[] =>
  [o.short, o.long].filter((f): f is string => !!f);
