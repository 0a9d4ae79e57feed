// Nothing from an empty value (issue 10): every command of the tree, with "" or "  " in each
// positional argument and each option that takes a value, ends with exit 2 naming it, and sends
// nothing. The tree is walked, so commands added later are covered without a change here.
// No value is exempt: each one names a thing (a name, domain, set, path, file, profile, user)
// or is a number, a format or a field, and none of them means anything when empty.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';

function* leaves(command: Command, path: string[] = []): Generator<[string[], Command]> {
  for (const child of command.commands) {
    const childPath = [...path, child.name()];
    if (child.commands.length === 0) yield [childPath, child];
    yield* leaves(child, childPath);
  }
}

const valueOptions = (command: Command) =>
  command.options.filter((o) => (o.required || o.optional) && o.long !== undefined);

describe('no empty value reaches a command', () => {
  let sandbox: Sandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'dactl-blank-'));
    const admin = sandbox.accounts.find((a) => a.username === 'admin');
    env = {
      HOME: dir,
      DACTL_CONFIG_DIR: join(dir, 'config'),
      CI: 'true',
      DACTL_URL: sandbox.url,
      DACTL_USERNAME: 'admin',
      DACTL_PASSWORD: admin?.password,
    };
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses "" and "  " in every argument and option value of every command',
    { timeout: 120_000 },
    async () => {
      const program = await buildProgram(['completion']);
      const globals = valueOptions(program);
      const cases: { argv: string[]; names: string }[] = [];
      let commands = 0;
      for (const [path, command] of leaves(program)) {
        commands += 1;
        const args = command.registeredArguments;
        // Every other required argument gets a value, so the blank one is what is judged.
        const filled = args.filter((a) => a.required).map((a) => a.argChoices?.[0] ?? 'x');
        for (const blank of ['', '  ']) {
          args.forEach((argument, i) => {
            const words = args
              .slice(0, i + 1)
              .map((_, j) => (j === i ? blank : (filled[j] ?? 'x')));
            cases.push({
              argv: [...path, ...words, ...filled.slice(i + 1)],
              names: argument.name(),
            });
          });
          for (const option of [...valueOptions(command), ...globals]) {
            const long = option.long ?? '';
            cases.push({ argv: [...path, ...filled, long, blank], names: long.slice(2) });
          }
        }
      }
      assert.ok(commands > 25, `only ${String(commands)} commands found`);
      const failures: string[] = [];
      for (const { argv, names } of cases) {
        const before = sandbox.requests.length;
        const { code, stderr } = await runInProcess(argv, { env: env });
        const shown = argv.map((a) => (a.trim() === '' ? JSON.stringify(a) : a)).join(' ');
        if (code !== 2) failures.push(`${shown}: exit ${String(code)} ${stderr}`);
        else if (!stderr.includes(names))
          failures.push(`${shown}: does not name ${names}: ${stderr}`);
        if (sandbox.requests.length !== before) failures.push(`${shown}: sent a request`);
      }
      assert.deepEqual(failures, []);
      assert.ok(cases.length > 150, `only ${String(cases.length)} cases`);
    },
  );
});
