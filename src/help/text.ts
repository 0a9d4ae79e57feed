import type { AddHelpTextContext, Command } from 'commander';

/** Adds an "Examples:" block to a command's --help; every command has at least one. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}`);
}

/** Help text for addHelpText('after', ...), wrapped to the terminal when it is shown. */
export const notes =
  (text: string) =>
  ({ command, error }: AddHelpTextContext): string =>
    wrapText(text, helpWidth(command, error));

/** The width help wraps to: the terminal's (src/main.ts says which), else 80. */
export function helpWidth(command: Command, error = false): number {
  const output = command.configureOutput();
  return (error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.()) ?? 80;
}

const example = /^\s+\$ /;
const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * Text wrapped to `width` at spaces, never inside a word. Lines at the margin are refilled as
 * paragraphs; an indented "term  description" line (and the lines it was already wrapped to)
 * keeps its description's column; example lines ("  $ dactl ...") stay whole, to be copied.
 */
export function wrapText(text: string, width: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || example.test(line)) {
      out.push(line.trimEnd());
      continue;
    }
    const indent = indentOf(line);
    // The lead is kept as it is: the indent, and for a "term  description" item, the term.
    const lead = indent === 0 ? '' : (/^ +\S.*? {2,}(?=\S)/.exec(line)?.[0] ?? ' '.repeat(indent));
    const hang = indent === 0 ? 0 : lead.length > indent ? lead.length : indent + 2;
    let rest = line.slice(lead.length);
    // A paragraph goes on to the next line at the margin (not past a heading ending in ':');
    // an item, to the next line indented to its description.
    while (i + 1 < lines.length && !(indent === 0 && rest.endsWith(':'))) {
      const next = lines[i + 1] ?? '';
      if (next.trim() === '' || example.test(next)) break;
      if (indent === 0 ? indentOf(next) !== 0 : indentOf(next) < hang) break;
      rest += ` ${next.trim()}`;
      i += 1;
    }
    out.push(...fill(lead, rest.trim().split(/\s+/), width, hang));
  }
  return out.join('\n');
}

function fill(lead: string, words: string[], width: number, hang: number): string[] {
  const filled: string[] = [];
  let current = lead;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      filled.push(current);
      current = ' '.repeat(hang);
      empty = true;
    }
    current += empty ? word : ` ${word}`;
    empty = false;
  }
  filled.push(current);
  return filled;
}
