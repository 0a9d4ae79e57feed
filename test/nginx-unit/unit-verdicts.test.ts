// Conformance with a real NGINX Unit 1.35.0: every case of test/fixtures/unit-verdicts (Unit's own
// verdict on generated routes and application definitions, plus the panel's scope rules; see the
// README there) goes through the code paths of `unit route validate --offline --domain
// example.com` and `unit app create --file` for the user fred. A false accept (dactl passes what
// the panel would refuse live) always fails; a false reject fails unless it is a documented
// decision below. `expected: either` cases may go either way. dactl's policy on proxy sockets
// (src/unit/route-socket.ts) is not Unit's grammar: a case it refuses is listed apart, below.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { asDefinition, checkDefinition } from '../../src/commands/unit/app/_shared/shared.js';
import { DactlError } from '../../src/errors.js';
import { parseJsonText } from '../../src/unit/json-text.js';
import { validateRoute } from '../../src/unit/route-validate.js';
import { socketProblem } from '../../src/unit/route-socket.js';

interface Case {
  id: number;
  family: string;
  unit_error: string;
  expected: 'accept' | 'reject' | 'either';
}

/** False rejects dactl keeps on purpose (README, "Unit routes": deliberate strictness). */
const allowed: Record<'routes' | 'apps', ReadonlyMap<number, string>> = {
  routes: new Map([
    // A duplicate member: Unit's JSON reader refuses it; the verdict was taken on JSON.parse's
    // result, which had silently kept the last "uri".
    [2306, 'duplicate object member'],
    // Request-controlled variables in a share path ($arg_*, $header_*, $cookie_*) can leave the
    // home with "../"; these share-array cases were judged before that scope rule.
    [1858, 'share path with $arg_f and no chroot'],
    [1860, 'share path with $header_X and no chroot'],
    [1862, 'share path with $cookie_c and no chroot'],
    // Fallbacks nested 503 and 1,003 deep: deeper than the JSON dactl sends (json/parse.ts),
    // whose output writers, YAML first, would overflow on what the panel hands back.
    [2026, 'route nested 503 levels deep'],
    [2030, 'route nested 1,003 levels deep'],
  ]),
  apps: new Map(),
};

/**
 * Cases Unit accepts that dactl's socket policy refuses, each with its one-step route's proxy:
 * they must be refused for that socket alone, and are no false reject of Unit's grammar. No case
 * proxies to Unit's control socket, Docker's or another home; "$uri" is a relative socket path
 * (proxy takes no variables), which Unit would look up from its working directory.
 */
const policy: ReadonlyMap<number, string> = new Map([[1722, 'http://unix:$uri']]);

const load = (name: string): (Case & Record<string, unknown>)[] =>
  readFileSync(new URL(`../fixtures/unit-verdicts/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case & Record<string, unknown>);

/** A route with a `~` (regular expression) pattern. */
const regex = (c: Record<string, unknown>): boolean => /"!?~/.test(c.route as string);

/** dactl's problems with a route given as text, as the offline validate command finds them. */
function routeVerdict(text: string): string[] {
  try {
    return validateRoute(parseJsonText(text, 'The route'), { domain: 'example.com', user: 'fred' });
  } catch (error) {
    if (error instanceof DactlError) return [error.message];
    throw error;
  }
}

/** dactl's refusal of a definition given with --file, as `unit app create` judges it. */
function appVerdict(definition: unknown): string[] {
  const source = '--file app.json';
  try {
    checkDefinition(
      asDefinition(parseJsonText(JSON.stringify(definition), source), source),
      false,
      'fred',
    );
    return [];
  } catch (error) {
    if (error instanceof DactlError) return [error.message];
    throw error;
  }
}

function conform(
  name: 'routes' | 'apps',
  judge: (c: Record<string, unknown>) => string[],
  which: (c: Record<string, unknown>) => boolean = () => true,
): void {
  const cases = load(name).filter(which);
  const falseAccepts: string[] = [];
  const falseRejects: string[] = [];
  const stale: number[] = [];
  const notPolicy: string[] = [];
  for (const c of cases) {
    const problems = judge(c);
    const proxy = name === 'routes' ? policy.get(c.id) : undefined;
    if (proxy !== undefined) {
      const why = `[0].action.proxy: ${socketProblem(proxy, { user: 'fred' }) ?? 'accepted'}`;
      if (c.unit !== 'accept' || problems.join() !== why) notPolicy.push(String(c.id));
      continue;
    }
    const got = problems.length === 0 ? 'accept' : 'reject';
    if (allowed[name].has(c.id) && got === 'accept') stale.push(c.id);
    if (c.expected === 'either' || got === c.expected) continue;
    if (got === 'accept')
      falseAccepts.push(`${String(c.id)} ${c.family}: Unit said ${c.unit_error}`);
    else if (!allowed[name].has(c.id)) {
      falseRejects.push(`${String(c.id)} ${c.family}: ${problems.join(' | ')}`);
    }
  }
  assert.deepEqual(falseAccepts, [], 'dactl passes what the panel refuses');
  assert.deepEqual(falseRejects, [], 'dactl refuses what the panel takes, undocumented');
  assert.deepEqual(stale, [], 'allow-listed cases that dactl now accepts: drop them');
  assert.deepEqual(notPolicy, [], 'policy cases not refused by the socket policy alone');
  assert.ok(allowed[name].size <= load(name).length / 100, 'at most 1% false rejects');
}

describe('conformance with NGINX Unit 1.35.0', () => {
  it('routes: no false accept, no undocumented false reject', () => {
    conform(
      'routes',
      (c) => routeVerdict(c.route as string),
      (c) => !regex(c),
    );
  });

  it('routes with regular expressions (PCRE2, as Unit compiles them)', () => {
    conform('routes', (c) => routeVerdict(c.route as string), regex);
  });

  it('applications: no false accept, no undocumented false reject', () => {
    conform('apps', (c) => appVerdict(c.definition));
  });
});
