// Which README lines the README test runs, and what it expects of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readmeCommands } from './commands.js';

const fence = '```';

describe('readmeCommands', () => {
  it('reads sh blocks only, in order, joining continuation lines and dropping list indentation', () => {
    const markdown = [
      '# Title',
      `${fence}sh`,
      'dactl whoami   # which panel',
      '',
      fence,
      `${fence}json`,
      '{ "not": "a command" }',
      fence,
      '1. **Step.**',
      '',
      `   ${fence}sh`,
      '   dactl user create --username barney \\',
      '     --generate-password',
      `   ${fence}`,
    ].join('\n');
    assert.deepEqual(readmeCommands(markdown), [
      { line: 3, text: 'dactl whoami   # which panel', exits: [0] },
      {
        line: 12,
        text: 'dactl user create --username barney \\\n  --generate-password',
        exits: [0],
      },
    ]);
  });

  it('takes the expected exit codes from "(exit N)" or "(exit N or M)" in the trailing comment', () => {
    const markdown = [
      `${fence}sh`,
      'dactl users create    # suggests the right command (exit 2)',
      'dactl unit doctor --remote   # what the API shows (exit 0 or 7)',
      '# a comment line saying (exit 5) is not the next command',
      'dactl whoami',
      fence,
    ].join('\n');
    assert.deepEqual(
      readmeCommands(markdown).map((c) => c.exits),
      [[2], [0, 7], [0]],
    );
  });

  it('skips marked blocks and, by rule, install steps, cron, sudo, placeholders and terminal-only lines', () => {
    const markdown = [
      '<!-- readme-test: skip (writes to the shell start-up files) -->',
      '',
      `${fence}sh`,
      'dactl completion zsh > "${fpath[1]}/_dactl"',
      fence,
      `${fence}sh`,
      'npm ci && npm run build',
      '0 3 * * * DACTL_PROFILE=prod dactl db list -o tsv',
      'sudo dactl unit doctor',
      'dactl login --pin-cert <new sha256>',
      'dactl profile add prod --url https://panel.example.com:2222 --username admin',
      'pass show da/admin | dactl login --password-stdin',
      'dactl login                 # at a terminal: asks for what is missing',
      '# At a terminal: asks for whatever is missing',
      'dactl user create',
      '',
      'dactl users list',
      fence,
    ].join('\n');
    assert.deepEqual(
      readmeCommands(markdown).map((c) => c.skip),
      [
        'writes to the shell start-up files',
        'an install or development step',
        'a crontab entry',
        "as root on the panel's server",
        'a placeholder: <new sha256>',
        'a placeholder: panel.example.com',
        'a placeholder: pass show',
        'for a person at a terminal',
        'for a person at a terminal',
        undefined,
      ],
    );
  });
});
