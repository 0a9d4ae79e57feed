// Every command's --help has a one-line description and at least one example (issue: help).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';

function* walk(command: Command, path: string[] = []): Generator<[string, Command]> {
  for (const child of command.commands) {
    const childPath = [...path, child.name()];
    yield [childPath.join(' '), child];
    yield* walk(child, childPath);
  }
}

describe('help', () => {
  it('gives every command a one-line description and an example', async () => {
    // `completion` loads every group, as the completion scripts need the whole tree.
    const program = await buildProgram(['completion']);
    const missing: string[] = [];
    let count = 0;
    for (const [path, command] of walk(program)) {
      if (path.startsWith('__')) continue;
      count += 1;
      const description = command.description();
      if (!description || description.includes('\n')) missing.push(`${path}: description`);
      const help = command.helpInformation() + helpTextAfter(command);
      if (!/\nExamples:\n {2}\$ /.test(help)) missing.push(`${path}: example`);
    }
    assert.ok(count > 25, `only ${String(count)} commands found`);
    assert.deepEqual(missing, []);
  });

  it('shows the fleet options in an example where they are defined', async () => {
    const program = await buildProgram(['completion']);
    const fleet = ['--all-profiles', '--parallel', '--sort', '--panels'];
    const missing: string[] = [];
    for (const [path, command] of [['dactl', program] as [string, Command], ...walk(program)]) {
      const examples = helpTextAfter(command).split('\nExamples:\n')[1] ?? '';
      for (const option of command.options) {
        if (option.long && fleet.includes(option.long) && !examples.includes(option.long)) {
          missing.push(`${path}: ${option.long}`);
        }
      }
    }
    assert.deepEqual(missing, []);
    assert.match(helpTextAfter(program), /\$ dactl .* -p 'prod-\*'/);
  });
});

/** Text added with addHelpText('after'), which helpInformation() leaves out. */
function helpTextAfter(command: Command): string {
  let text = '';
  command.configureOutput({
    writeOut: (s) => {
      text += s;
    },
  });
  command.outputHelp();
  return text;
}
