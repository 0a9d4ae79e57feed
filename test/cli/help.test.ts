// Help pages: every command has a one-line description and an example; every page puts what the
// command is and does first (subcommands, then its own options), then its notes and examples,
// and the global options last and once; lines fit the terminal and break only between words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { wrapText } from '../../src/help/text.js';
import { runInProcess } from '../helpers/in-process.js';

function* walk(command: Command, path: string[] = []): Generator<[string, Command]> {
  for (const child of command.commands) {
    const childPath = [...path, child.name()];
    yield [childPath.join(' '), child];
    yield* walk(child, childPath);
  }
}

/** Every page of the tree but the hidden one, the program's first. */
async function pages(): Promise<[string, Command][]> {
  // `completion` loads every group, as the completion scripts need the whole tree.
  const program = await buildProgram(['completion']);
  return [['dactl', program], ...[...walk(program)].filter(([path]) => !path.startsWith('__'))];
}

/** The whole page, as --help prints it on a terminal this wide. */
function page(command: Command, width = 80): string {
  let text = '';
  command.configureOutput({
    writeOut: (s) => {
      text += s;
    },
    getOutHelpWidth: () => width,
  });
  command.outputHelp();
  return text;
}

/** An example stays whole for copying; a word longer than the room left cannot be broken. */
const mayOverflow = (line: string): boolean => /^\s+\$ /.test(line) || /^\s*\S+$/.test(line);

describe('help', () => {
  it('gives every command a one-line description and an example', async () => {
    const missing: string[] = [];
    const all = await pages();
    for (const [path, command] of all.slice(1)) {
      const description = command.description();
      if (!description || description.includes('\n')) missing.push(`${path}: description`);
      if (!/\nExamples:\n {2}\$ /.test(page(command))) missing.push(`${path}: example`);
    }
    assert.ok(all.length > 25, `only ${String(all.length)} commands found`);
    assert.deepEqual(missing, []);
  });

  it('shows the fleet options in an example where they are defined', async () => {
    const fleet = ['--all-profiles', '--parallel', '--sort', '--panels'];
    const missing: string[] = [];
    for (const [path, command] of await pages()) {
      // The examples block ends at the blank line before the global options.
      const examples = (page(command).split('\nExamples:\n')[1] ?? '').split('\n\n')[0] ?? '';
      for (const option of command.options) {
        if (option.long && fleet.includes(option.long) && !examples.includes(option.long)) {
          missing.push(`${path}: ${option.long}`);
        }
      }
    }
    assert.deepEqual(missing, []);
    const [[, program]] = (await pages()) as [[string, Command]];
    assert.match(page(program), /\$ dactl .* -p 'prod-\*'/);
  });

  it('fits every page to the terminal, breaking lines only between words', async () => {
    const over: string[] = [];
    for (const [path, command] of await pages()) {
      const words = page(command, 1000).split(/\s+/);
      for (const width of [60, 80, 132]) {
        const text = page(command, width);
        for (const line of text.split('\n')) {
          if (line.length > width && !mayOverflow(line))
            over.push(`${path} at ${String(width)}: ${line}`);
        }
        assert.deepEqual(text.split(/\s+/), words, `${path} at ${String(width)}: words changed`);
      }
    }
    assert.deepEqual(over, []);
  });

  it('lists subcommands, then options, notes, examples, and the global options last', async () => {
    const [[, program], ...rest] = (await pages()) as [[string, Command], ...[string, Command][]];
    const globalList = program.options.map((o) => o.flags);
    for (const [path, command] of rest) {
      const text = page(command);
      const at = (heading: string): number => text.indexOf(`\n${heading}`);
      if (command.commands.length > 0) assert.ok(at('Commands:') < at('Options:'), path);
      assert.ok(at('Options:') < at('Examples:'), path);
      // One line names the global options, at the very end; none is listed with its description.
      const globals = text.slice(at('Global options: '));
      assert.ok(at('Examples:') < at('Global options: '), path);
      assert.match(
        globals,
        /^\nGlobal options: -p\/--profile, [^]*\.\nSee "dactl help globals"\.\n$/,
      );
      for (const flags of globalList)
        assert.ok(!text.includes(`\n  ${flags} `), `${path}: ${flags}`);
    }
    const root = page(program);
    assert.ok(root.indexOf('\nCommands:') < root.indexOf('\nExamples:'));
    assert.ok(root.indexOf('\nExamples:') < root.indexOf('\nGlobal options:\n'));
    assert.equal(root.split('Global options').length, 2, 'listed once');
    assert.ok(!root.includes('\nOptions:'));
    for (const flags of globalList) assert.ok(root.includes(`  ${flags}  `), flags);
  });

  it('prints the main help for `dactl` alone, and a group alone, on stdout with exit 0', async () => {
    const alone = await runInProcess([]);
    assert.equal(alone.code, 0, alone.stderr);
    assert.equal(alone.stderr, '');
    assert.match(alone.stdout, /^Usage: dactl \[options\] \[command\]\n/);
    assert.equal(alone.stdout, (await runInProcess(['--help'])).stdout);
    const group = await runInProcess(['unit', 'app', '--debug']);
    assert.equal(group.code, 0, group.stderr);
    assert.match(group.stdout, /^Usage: dactl unit app /);
    // An unknown option is still an error, not a help page.
    const wrong = await runInProcess(['--bogus']);
    assert.equal(wrong.code, 2);
    assert.equal(wrong.stdout, '');
    assert.match(wrong.stderr, /Unknown option '--bogus'/);
  });

  it('has `dactl help globals` beside the other topics, and `help <command>` as --help', async () => {
    const globals = await runInProcess(['help', 'globals']);
    assert.equal(globals.code, 0, globals.stderr);
    const program = await buildProgram([]);
    for (const option of program.options) assert.ok(globals.stdout.includes(option.flags));
    assert.match(globals.stdout, /Settings come from, in order: flags/);
    const overview = await runInProcess(['help']);
    assert.match(overview.stdout, /topic: environment,\s+exit-codes, globals/);
    const viaHelp = await runInProcess(['help', 'unit', 'route', 'set']);
    assert.equal(viaHelp.code, 0, viaHelp.stderr);
    assert.equal(viaHelp.stdout, (await runInProcess(['unit', 'route', 'set', '--help'])).stdout);
    assert.match(viaHelp.stdout, /\nExamples:\n/);
  });
});

describe('wrapText', () => {
  it('refills paragraphs, hangs items at their description, and keeps examples whole', () => {
    const text = [
      'One paragraph of several words that was',
      'broken by hand.',
      'Heading:',
      '  term   a description long enough',
      '         to be joined and wrapped again',
      '  a line with no term, wrapped under itself',
      '  $ dactl an example much longer than the width allows',
    ].join('\n');
    assert.equal(
      wrapText(text, 30),
      [
        'One paragraph of several words',
        'that was broken by hand.',
        'Heading:',
        '  term   a description long',
        '         enough to be joined',
        '         and wrapped again',
        '  a line with no term, wrapped',
        '    under itself',
        '  $ dactl an example much longer than the width allows',
      ].join('\n'),
    );
  });

  it('leaves a word longer than the width whole, on a line of its own', () => {
    assert.equal(
      wrapText('see https://panel.example.com:2222/CMD_API_SHOW_ALL_USERS now', 20),
      'see\nhttps://panel.example.com:2222/CMD_API_SHOW_ALL_USERS\nnow',
    );
  });
});
