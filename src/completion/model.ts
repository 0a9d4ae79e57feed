// What the shells need to know about the command tree, read from commander itself so the
// completion scripts can never disagree with the parser.
import type { Command, Option } from 'commander';

export interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  choices?: readonly string[];
  /** Complete with saved profile names (read locally, never from the panel). */
  profiles: boolean;
}

export interface CommandNode {
  /** Words after `dactl`, e.g. ['unit', 'app']; [] for the root. */
  path: string[];
  /** The last word of the path and its aliases, e.g. ['list', 'ls']. */
  names: string[];
  description: string;
  subcommands: { name: string; description: string }[];
  /** Fixed values of positional arguments, e.g. the shells of `completion`. */
  argumentChoices: string[];
  options: OptionSpec[];
}

/** The hidden command the scripts run to list profile names. */
export const profilesCommand = '__complete-profiles';

export function commandTree(program: Command): CommandNode[] {
  const nodes: CommandNode[] = [];
  const visit = (command: Command, path: string[]): void => {
    const visible = command.commands.filter((c) => !isHidden(c));
    const subcommands = visible.flatMap((c) =>
      [c.name(), ...c.aliases()].map((name) => ({
        name,
        description: c.summary() || c.description(),
      })),
    );
    nodes.push({
      path,
      names: [command.name(), ...command.aliases()],
      description: command.description(),
      subcommands,
      argumentChoices: command.registeredArguments.flatMap((a) => a.argChoices ?? []),
      options: [...command.options.filter((o) => !o.hidden).map(optionSpec), help],
    });
    for (const child of visible) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return nodes;
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
  profiles: false,
};

function optionSpec(option: Option): OptionSpec {
  const spec: OptionSpec = {
    description: option.description,
    takesValue: option.required || option.optional,
    profiles: option.long === '--profile',
  };
  if (option.short) spec.short = option.short;
  if (option.long) spec.long = option.long;
  if (option.argChoices) spec.choices = option.argChoices;
  return spec;
}

// commander keeps `hidden` on the command object without a public getter.
const isHidden = (command: Command): boolean =>
  (command as unknown as { _hidden?: boolean })._hidden === true;

export const flagsOf = (o: OptionSpec): string[] =>
  [o.short, o.long].filter((f): f is string => !!f);
