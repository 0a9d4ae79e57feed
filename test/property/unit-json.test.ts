// Properties of the JSON position scanner and the Unit route and application checks: any text
// and any value get an answer (never a crash), the scanner agrees with JSON.parse on syntax, and
// the checks leave their input alone and name paths without raw control characters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_DEPTH, MAX_SEND_DEPTH } from '../../src/json/parse.js';
import { scanJson as scanWith } from '../../src/json/scan.js';
import { parseJsonText } from '../../src/unit/json-text.js';
import { routeProblems } from '../../src/unit/route-validate.js';
import { matchKeys } from '../../src/unit/route-match.js';
import { actionKinds } from '../../src/unit/route-action.js';
import { applicationProblems } from '../../src/unit/validate.js';
import { appTypes, commonMembers, typeMembers } from '../../src/unit/app-schema.js';
import { assertNoControl, awkwardText, dactlErrorOrValue, fc } from '../helpers/property.js';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** As Unit documents are scanned: Unit's rules, and no deeper than dactl sends. */
const scanJson = (text: string) => scanWith(text, { maxDepth: MAX_SEND_DEPTH, unit: true });

/** Valid JSON with one character inserted, removed or replaced somewhere. */
const brokenJson = fc
  .tuple(
    fc.json({ maxDepth: 4 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom('insert', 'remove', 'replace'),
    fc.constantFrom(...Array.from('{}[]",:\\ -0.eE+tfn'), '\\u', '\ud800', '\\ud800', '\u0001'),
  )
  .map(([json, at, how, c]) => {
    const i = Math.floor(at * json.length);
    const rest = json.slice(how === 'insert' ? i : i + 1);
    return json.slice(0, i) + (how === 'remove' ? '' : c) + rest;
  });
const jsonish = fc.oneof(fc.json({ maxDepth: 4 }), brokenJson, awkwardText(60));

describe('property: JSON scanner', () => {
  it('answers any text: a fault inside the text, or nothing when JSON.parse takes it too', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const fault = scanJson(text);
        if (fault === undefined)
          assert.ok(parses(text), `the scanner took ${JSON.stringify(text)}`);
        else {
          assert.ok(fault.offset >= 0 && fault.offset <= text.length, JSON.stringify(fault));
          // A plain syntax fault is one JSON.parse sees too; one with a reason is Unit's own.
          if (fault.reason === undefined) assert.ok(!parses(text), `refused ${text}`);
        }
      }),
    );
  });

  it('without Unit’s rules, agrees with JSON.parse on any text within the depth limit', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const fault = scanWith(text, { maxDepth: MAX_DEPTH });
        assert.equal(fault === undefined, parses(text), JSON.stringify(text));
        assert.equal(fault?.reason, undefined);
      }),
    );
  });

  it('takes any JSON that JSON.stringify writes, whatever the characters', () => {
    const value = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
    fc.assert(
      fc.property(value, fc.boolean(), (v, pretty) => {
        assert.equal(scanJson(JSON.stringify(v, null, pretty ? 2 : undefined)), undefined);
      }),
    );
  });

  it('puts the fault of trailing text right where the text starts', () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 3 }),
        fc.constantFrom('x', ',', ']', '}', '"', '1'),
        (json, junk) => {
          fc.pre(!(/^-?[0-9]/.test(json) && junk === '1'));
          assert.equal(scanJson(`${json} ${junk}`)?.offset, json.length + 1);
        },
      ),
    );
  });

  it('names a duplicate member by its path, at any depth', () => {
    const name = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(name, { maxLength: 5 }), name, (outer, dup) => {
        let text = `{${JSON.stringify(dup)}:1,${JSON.stringify(dup)}:2}`;
        for (const key of outer.slice().reverse()) text = `{${JSON.stringify(key)}:${text}}`;
        const fault = scanJson(text);
        assert.ok(fault?.reason?.includes('twice'), text);
        assert.ok(fault?.path !== undefined && fault.path.length > 0, text);
      }),
    );
  });

  it('refuses nesting beyond its limit at any depth without a crash, and takes what is within', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300_000 }),
        fc.constantFrom('[]', '{"a":}'),
        (depth, pair) => {
          const [open, close] = pair === '[]' ? ['[', ']'] : ['{"a":', '}'];
          const text = open.repeat(depth) + '0' + close.repeat(depth);
          const fault = scanJson(text);
          if (depth <= MAX_SEND_DEPTH) assert.equal(fault, undefined);
          else assert.match(fault?.reason ?? '', /nested more than/);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('parseJsonText ends any text in a value or a dactl error', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        // Node's own words may quote a control character: the output layer escapes those.
        dactlErrorOrValue(() => parseJsonText(text, '--file x.json'));
      }),
    );
  });
});

// Values Unit patterns and paths are made of, so the checks go past their type tests.
const pattern = fc.string({
  maxLength: 12,
  unit: fc.constantFrom(
    ...Array.from('!~*$%/.:-[](){}?+^|\\aZ09 '),
    '%2F',
    '$uri',
    '$arg_f',
    '${host}',
    '[::1]',
    '127.0.0.1',
    '\u0000',
    '\u001b',
  ),
});
const patternValue = fc.oneof(
  pattern,
  fc.array(pattern, { maxLength: 3 }),
  fc.dictionary(pattern, fc.oneof(pattern, fc.array(pattern, { maxLength: 2 })), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const step = fc.record(
  {
    match: fc.oneof(
      fc.dictionary(fc.constantFrom(...matchKeys, 'x'), patternValue, { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    action: fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          ...actionKinds,
          'fallback',
          'chroot',
          'rewrite',
          'response_headers',
          'location',
          'types',
          'x',
        ),
        patternValue,
        { maxKeys: 4 },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);
/** As JSON.parse gives it: plain objects, where `__proto__` is an own key. */
const asParsed = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const route = fc
  .oneof(fc.array(step, { maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }))
  .map(asParsed);
const scope = fc.record({
  domain: fc.constantFrom('fred.example', 'shop.fred.example'),
  user: fc.constantFrom('fred', 'eve'),
  applications: fc.option(fc.constant(['fred.example_app']), { nil: undefined }),
});

const appKeys = [
  ...new Set([...Object.keys(commonMembers), ...Object.values(typeMembers).flatMap(Object.keys)]),
];
const definition = fc
  .oneof(
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...appTypes, 'python 3.11', ' python', 'go'),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        fc.dictionary(
          fc.constantFrom(...appKeys, 'x'),
          fc.oneof(fc.jsonValue({ maxDepth: 3 }), pattern),
          { maxKeys: 6 },
        ),
      )
      .map(([type, rest]) => ({ ...rest, type })),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .map(asParsed);

describe('property: Unit route and application checks', () => {
  it('judge any route: problems with clean paths and sentences, the route untouched', () => {
    fc.assert(
      fc.property(route, scope, (r, s) => {
        const before = structuredClone(r);
        for (const p of routeProblems(r, s)) {
          assert.equal(typeof p.path, 'string');
          assert.ok(p.message.length > 0);
          // Paths quote odd keys as JSON; messages quote values as typed (the output escapes them).
          assertNoControl(p.path, 'a route problem path');
        }
        assert.deepEqual(r, before);
      }),
    );
  });

  it('judge any application definition the same way', () => {
    fc.assert(
      fc.property(
        definition,
        fc.option(fc.constantFrom('fred', 'eve'), { nil: undefined }),
        (d, account) => {
          const before = structuredClone(d);
          for (const p of applicationProblems(d, account)) {
            assert.ok(p.message.length > 0);
            assertNoControl(`${p.path}: ${p.message}`, 'an application problem');
          }
          assert.deepEqual(d, before);
        },
      ),
    );
  });

  it('judge a route nested as deep as the scanner lets through without a crash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_SEND_DEPTH - 8 }), (depth) => {
        const text = `[{"match":{"arguments":${'['.repeat(depth)}"x"${']'.repeat(depth)}},"action":{"return":200}}]`;
        const parsed = parseJsonText(text, 'route');
        routeProblems(parsed, { domain: 'fred.example', user: 'fred' });
        const app = `{"type":"external","environment":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
        applicationProblems(parseJsonText(app, 'app'));
      }),
      { numRuns: 20 },
    );
  });
});
