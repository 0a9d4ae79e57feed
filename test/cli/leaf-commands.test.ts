// Every leaf command is a LeafCommand (src/command.ts): its action gets its Context from .act,
// and a fleet run reaches it there; none registers a bare commander action.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { LeafCommand } from '../../src/command.js';

describe('leaf commands', () => {
  it('are all LeafCommands', async () => {
    // `completion` loads every group, as it describes the whole tree.
    const program = await buildProgram(['completion']);
    const leaves: string[] = [];
    const visit = (command: Command, path: string[]): void => {
      if (command.commands.length === 0) {
        leaves.push(path.join(' '));
        assert.ok(command instanceof LeafCommand, `dactl ${path.join(' ')} is no LeafCommand`);
      }
      for (const child of command.commands) visit(child, [...path, child.name()]);
    };
    visit(program, []);
    assert.ok(leaves.includes('unit route set') && leaves.includes('version'), leaves.join(', '));
  });
});
