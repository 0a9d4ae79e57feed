// The README's shell commands, in order, as a reader would paste them, and which of them a test
// can run. The conventions (documented here, applied by readme.test.ts):
//
// - Every ```sh block is read; other blocks (json, a directory tree) are not commands.
// - A command is a line plus the lines its trailing `\` continues; `#` lines are comments. A
//   comment paragraph (comment lines up to a blank line) belongs to the commands below it.
// - A command must exit 0, unless its trailing comment says `(exit N)` or `(exit N or M)`.
// - `<!-- readme-test: skip (why) -->` just before a block skips the whole block: for blocks
//   that cannot run here at all. Keep these few; single lines are skipped by rule:
//   - install and development steps (`npm ...`): the test runs the checkout already built;
//   - crontab entries (five schedule fields first), and `sudo` lines: the panel's own server;
//   - placeholders: `<name>`, the example panel `panel.example.com`, the reader's password
//     store (`pass show ...`);
//   - lines whose comment says they are for a person "at a terminal" (they prompt).
//   At run time (readme.test.ts): lines that select a profile no earlier line saved (`-p eu1,eu2`,
//   `DACTL_PROFILE='prod-*'`: examples for a fleet the reader has), and lines needing a
//   program this machine lacks.

export interface Command {
  /** 1-based line of README.md where the command starts. */
  line: number;
  /** The command as pasted (continuation lines kept, trailing comment included). */
  text: string;
  /** The exit codes that count as success. */
  exits: number[];
  /** Why the command is not run, when a static rule says so. */
  skip?: string;
}

const blockSkip = /^<!--\s*readme-test:\s*skip\s*\((.+)\)\s*-->$/;
const crontab = /^(?:[\d*/,-]+\s+){5}\S/;
const placeholder = /<[a-z][\w -]*>|panel\.example\.com|\bpass show\b/i;
const terminalOnly = /\bat a terminal\b/i;
const expected = /\(exit (\d+(?: or \d+)*)\)/;

/** The trailing comment of a command's last physical line (` # ...`), if any. */
const trailingComment = (text: string): string => {
  const last = text.split('\n').at(-1) ?? '';
  return /\s#\s.*$/.exec(last)?.[0] ?? '';
};

function staticSkip(text: string, comments: string, blockReason: string | undefined) {
  if (blockReason) return blockReason;
  if (/^npm\s/.test(text)) return 'an install or development step';
  if (crontab.test(text)) return 'a crontab entry';
  if (/^sudo\s/.test(text)) return "as root on the panel's server";
  const found = placeholder.exec(text)?.[0];
  if (found) return `a placeholder: ${found}`;
  if (terminalOnly.test(comments)) return 'for a person at a terminal';
  return undefined;
}

export function readmeCommands(markdown: string): Command[] {
  const lines = markdown.split('\n');
  const commands: Command[] = [];
  let previous = '';
  for (let i = 0; i < lines.length; i += 1) {
    const fence = /^(\s*)```sh\s*$/.exec(lines[i] ?? '');
    if (!fence) {
      if ((lines[i] ?? '').trim() !== '') previous = (lines[i] ?? '').trim();
      continue;
    }
    const indent = fence[1]?.length ?? 0;
    const blockReason = blockSkip.exec(previous)?.[1];
    let paragraph = '';
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i] ?? ''); i += 1) {
      const start = i;
      let text = (lines[i] ?? '').slice(indent);
      if (text.trim() === '') paragraph = '';
      else if (text.startsWith('#')) paragraph += `${text}\n`;
      else {
        while (text.endsWith('\\') && i + 1 < lines.length) {
          i += 1;
          text += `\n${(lines[i] ?? '').slice(indent)}`;
        }
        const comment = trailingComment(text);
        const skip = staticSkip(text, `${paragraph}${comment}`, blockReason);
        const exits = expected.exec(comment)?.[1]?.split(' or ').map(Number) ?? [0];
        commands.push({ line: start + 1, text, exits, ...(skip ? { skip } : {}) });
      }
    }
    previous = '';
  }
  return commands;
}
