// Pastes README.md's shell commands in order, as a new user would after starting the sandbox,
// and checks each exits as the README says (see commands.ts for which lines run and why).
//
// The user's machine is a temporary HOME (profiles in its ~/.config/dactl), a PATH whose `dactl`
// is this checkout's bin/dactl.js, and a working directory for the files the examples write.
// One `dactl sandbox` serves the whole README, started as the tour says, but on a free port
// (`--port 0 -o json` to read where) so parallel test runs never collide: the README's
// `127.0.0.1:2222` is rewritten to that address in the commands. Each command runs in its own
// `bash -o pipefail -c` (a block must not rely on an earlier line's shell variables or `cd`).
// The editor is `true`: an editor session that saves the file unchanged.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { selectProfiles } from '../../src/fleet/select.js';
import { bin } from '../helpers/dactl.js';
import { readmeCommands } from './commands.js';

const commands = readmeCommands(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The profile selections of a command: `-p x`, `--profile x`, `DACTL_PROFILE=x`, `profile use x`. */
const selections = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:\s(?:-p|--profile)[\s=]|DACTL_PROFILE=|\bprofile (?:show|use|remove|rename|edit)\s+)['"]?([^\s'"]+)/g,
    ),
  ].map((m) => m[1] ?? '');

/** The programs a command starts (the first word of each pipeline part, after VAR=value). */
const programs = (text: string): string[] =>
  text
    .replace(/\s#\s.*$/, '')
    .split(/\||&&|;|\$\(|<\(/)
    .map(
      (part) =>
        part
          .trim()
          .split(/\s+/)
          .find((word) => !/^\w+=/.test(word)) ?? '',
    )
    .filter((word) => /^[\w.-]+$/.test(word) && word !== 'dactl');

describe('README.md: its shell commands, pasted in order against the sandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-readme-'));
  const home = join(dir, 'home');
  const work = join(dir, 'work');
  const configDir = join(home, '.config', 'dactl');
  const env: Record<string, string> = {
    PATH: `${join(dir, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    SHELL: '/bin/bash', // `dactl completion install` installs for the user's shell, in HOME
    DACTL_CONFIG_DIR: configDir,
    EDITOR: 'true',
    VISUAL: 'true',
  };
  let sandbox: ChildProcess | undefined;
  let address = '';

  before(async () => {
    for (const d of [home, work, join(dir, 'bin')]) mkdirSync(d, { recursive: true });
    const shim = join(dir, 'bin', 'dactl');
    writeFileSync(shim, `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(bin)} "$@"\n`);
    chmodSync(shim, 0o755);
    const child = spawn('dactl', ['sandbox', '--port', '0', '-o', 'json'], { env, cwd: work });
    sandbox = child;
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ready = await new Promise<{ url: string }>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0] ?? '') as { url: string });
      });
      child.on('exit', (code) => {
        reject(new Error(`dactl sandbox exited ${String(code)}: ${stderr}`));
      });
    });
    address = new URL(ready.url).host;
  });

  after(async () => {
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((resolve) => sandbox?.on('exit', resolve));
      sandbox.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const installed = (program: string): boolean =>
    spawnSync('bash', ['-c', `command -v ${quote(program)}`], { env }).status === 0;
  const saved = (): string[] => {
    try {
      const config = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {
        profiles?: Record<string, unknown>;
      };
      return Object.keys(config.profiles ?? {});
    } catch {
      return [];
    }
  };

  for (const command of commands) {
    const shown = (command.text.split('\n')[0] ?? '').replace(/\s+#\s.*$/, '').replace(/\s+/g, ' ');
    const title = `README.md:${String(command.line)} ${shown}`;
    it(title, { skip: command.skip ?? false }, async (t) => {
      const example = selections(command.text).find((selection) => {
        try {
          selectProfiles(selection, saved(), '-p');
          return false;
        } catch {
          return true;
        }
      });
      if (example !== undefined) {
        t.skip(`selects profiles no line saved: ${example}`);
        return;
      }
      const missing = programs(command.text).find((program) => !installed(program));
      if (missing !== undefined) {
        t.skip(`needs ${missing}, not installed here`);
        return;
      }

      const text = command.text.replace(/\b(?:127\.0\.0\.1|localhost):2222\b/g, address);
      const child = spawn('bash', ['-o', 'pipefail', '-c', text], { env, cwd: work });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(timer);
      assert.ok(
        code !== null && command.exits.includes(code),
        `README.md line ${String(command.line)} exited ${String(code)}, expected ${command.exits.join(' or ')}:\n$ ${text}\n${output}`,
      );
    });
  }
});
