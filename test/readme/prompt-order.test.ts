// The README says in which order a bare `dactl unit app create` asks; this runs it at a real
// (pseudo-)terminal and checks the prompts come in that order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { needsPty, runInPty } from '../helpers/pty.js';

/** What each README word names, as the prompt shows it. */
const prompts: Record<string, RegExp> = {
  domain: /Domain/,
  name: /Application name/,
  template: /Template/,
  directory: /Application directory/,
  'entry script': /Entry script/,
};

/** "asks for the domain (one of the account's), the name, ..." → ['domain', 'name', ...]. */
export function askedOrder(readme: string): string[] {
  const flat = readme.replace(/\s+/g, ' ');
  const sentence = /a bare `dactl unit app create` asks for (.*?)\./.exec(flat)?.[1];
  assert.ok(sentence, 'the README says what a bare `dactl unit app create` asks');
  return sentence
    .replace(/\([^)]*\)/g, '')
    .split(/,| and /)
    .map((part) => part.trim().replace(/^the /, ''))
    .filter((part) => part !== '');
}

describe('README: the order a bare unit app create asks in', needsPty, () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('is the order of the prompts at a terminal', async () => {
    const order = askedOrder(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    assert.deepEqual(Object.keys(prompts).sort(), [...order].sort(), `README: ${order.join(', ')}`);
    const answers: Record<string, string> = {
      domain: 'fred.example\r',
      name: 'api\r',
      template: '\r',
      directory: '\r',
      'entry script': '\r',
    };
    // Out of order, a step waits for a prompt that never comes, and the run is stopped.
    const steps = order.map((what) => ({
      expect: prompts[what] ?? /$^/,
      send: answers[what] ?? '\r',
    }));
    const args = ['unit', 'app', 'create', '--dry-run'];
    const result = await runInPty(args, w.envFor('fred'), steps, 10_000);
    assert.equal(result.code, 0, `not asked in the order ${order.join(', ')}:\n${result.stdout}`);
    const seen = order.map((what) => result.stdout.search(prompts[what] ?? /$^/));
    assert.deepEqual(
      seen,
      [...seen].sort((x, y) => x - y),
      result.stdout,
    );
  });
});
