// A key made by `dactl login` may call only dactlCommands: every panel path dactl's own commands
// name must be on that list, or the command fails with exit 3 under such a key. The one exception
// is Login Key management, which dactl does with the account password and no key of its may do.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { dactlCommands, keyManagement } from '../../src/api/login-keys.js';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });

describe('the commands a dactl login key allows', () => {
  it('cover every panel path that src/api and src/commands name', () => {
    const named = new Set<string>();
    for (const file of [...sources('src/api'), ...sources('src/commands')]) {
      const text = readFileSync(file, 'utf8');
      for (const [, legacy] of text.matchAll(/['`]\/(CMD_[A-Z_]+)/g)) named.add(legacy ?? '');
      for (const [, group] of text.matchAll(/['`]\/api\/([a-z-]+)/g)) named.add(group ?? '');
    }
    assert.ok(named.size > 5, [...named].join(' '));
    assert.deepEqual(
      [...named].filter((c) => !dactlCommands.includes(c) && !keyManagement.includes(c)),
      [],
      'add these to dactlCommands in src/api/login-keys.ts',
    );
  });

  it('never include managing Login Keys, which every key is denied', () => {
    assert.ok(keyManagement.includes('login-keys'));
    assert.deepEqual(
      dactlCommands.filter((c) => keyManagement.includes(c)),
      [],
    );
  });
});
