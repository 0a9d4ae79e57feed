// --query (src/output/query.ts): compiling, checking functions before anything runs, filtering
// the JSON document, and how the Writer prints the result in each output, a fleet's included.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { FleetOutput } from '../../src/fleet/output.js';
import { FleetWriter } from '../../src/output/fleet-writer.js';
import { plain } from '../../src/output/paint.js';
import { compileQuery, resultLines } from '../../src/output/query.js';
import { queryFunctions } from '../../src/output/query-functions.js';
import { Writer, type DataWriter, type WriterOptions } from '../../src/output/writer.js';

const users = [
  { username: 'fred', suspended: false, domains: 2 },
  { username: 'alice', suspended: true, domains: 1 },
];

/** Rejects with exit 2 and a message matching `message`. */
async function refused(expression: string, message: RegExp): Promise<void> {
  await assert.rejects(compileQuery(expression), (error: unknown) => {
    assert.ok(error instanceof UsageError);
    assert.equal(error.exitCode, 2);
    assert.match(error.message, message);
    assert.match(error.hint ?? '', /JMESPath/);
    return true;
  });
}

describe('compileQuery', () => {
  it('filters, projects and reshapes', async () => {
    assert.deepEqual((await compileQuery('[].username'))(users), ['fred', 'alice']);
    assert.deepEqual((await compileQuery('[?suspended].username | [0]'))(users), 'alice');
    assert.deepEqual((await compileQuery('[].{u: username, d: domains}'))(users), [
      { u: 'fred', d: 2 },
      { u: 'alice', d: 1 },
    ]);
    assert.equal((await compileQuery('sum([].domains)'))(users), 3);
  });

  it('sees the data as -o json prints it: no undefined members, undefined as null', async () => {
    assert.deepEqual((await compileQuery('keys(@)'))({ a: 1, b: undefined }), ['a']);
    assert.equal((await compileQuery('@'))(undefined), null);
  });

  it('refuses a syntax error, naming the token', async () => {
    await refused('[?', /^--query: Syntax error/);
    await refused('users[', /Syntax error/);
    await refused('`{`', /JSON literal/);
  });

  it('refuses unknown functions and wrong argument counts before any data', async () => {
    await refused('lenght(@)', /^--query: unknown function lenght\(\)$/);
    await refused('sort_by(@)', /sort_by\(\) takes 2 arguments, not 1/);
    await refused('length(@, @)', /length\(\) takes 1 argument, not 2/);
    await refused('[].upper(username, @)', /upper\(\) takes 1 argument, not 2/);
    // Inside a projection, a filter and a let binding too.
    await refused('[?nope(username)]', /unknown function nope\(\)/);
    await refused('let $x = bad(@) in $x', /unknown function bad\(\)/);
    // A member of Object.prototype is no function.
    await refused('constructor(@)', /unknown function constructor\(\)/);
  });

  it("dactl's list of functions is the library's, with the library's argument counts", async () => {
    const jmespath = await import('@jmespath-community/jmespath');
    assert.deepEqual(Object.keys(queryFunctions).sort(), jmespath.getRegisteredFunctions().sort());
    // The library's own check, run on null arguments: too few or too many is its arity error;
    // the counts dactl allows may fail on the type, never on the count.
    const arity = (name: string, count: number): boolean => {
      try {
        jmespath.search(null, `${name}(${Array(count).fill('@').join(', ')})`);
        return false;
      } catch (error) {
        return /arity/i.test(String(error));
      }
    };
    for (const [name, [least, most]] of Object.entries(queryFunctions)) {
      const allowed = [least, Math.min(most, least + 3)];
      for (const count of allowed) assert.equal(arity(name, count), false, `${name}, ${count}`);
      assert.equal(arity(name, least - 1), true, `${name}, ${least - 1}`);
      if (most !== Infinity) assert.equal(arity(name, most + 1), true, `${name}, ${most + 1}`);
    }
  });

  it('takes variadic and optional arguments, and literals named like functions', async () => {
    assert.deepEqual((await compileQuery('merge(`{"a":1}`, `{"b":2}`)'))(null), { a: 1, b: 2 });
    assert.equal((await compileQuery('not_null(a, b, c)'))({ c: 3 }), 3);
    assert.equal((await compileQuery("pad_left('7', `3`, '0')"))(null), '007');
    const literal = '`{"type": "Function", "name": "nope", "children": []}`';
    assert.deepEqual((await compileQuery(literal))(null), {
      type: 'Function',
      name: 'nope',
      children: [],
    });
  });

  it('a type error on the data is exit 2, saying to look at the data', async () => {
    const filter = await compileQuery('length(domains)');
    assert.throws(
      () => filter({ domains: 2 }),
      (error: unknown) =>
        error instanceof UsageError && /-o json/.test(error.hint ?? '') && error.exitCode === 2,
    );
  });
});

describe('resultLines', () => {
  it('gives one line per item: array items or object values as cells', () => {
    assert.deepEqual(resultLines(['a', 'b']), [['a'], ['b']]);
    assert.deepEqual(
      resultLines([
        ['a', 1],
        ['b', 2],
      ]),
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    assert.deepEqual(resultLines([{ u: 'a', d: 1 }]), [['a', 1]]);
  });

  it('gives an object one line of its values, a scalar one line, null nothing', () => {
    assert.deepEqual(resultLines({ u: 'a', d: 1 }), [['a', 1]]);
    assert.deepEqual(resultLines('fred'), [['fred']]);
    assert.deepEqual(resultLines(0), [[0]]);
    assert.deepEqual(resultLines(null), []);
    assert.deepEqual(resultLines([]), []);
  });
});

function capture(): { stdout: PassThrough; text: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (d: Buffer) => (text += d.toString()));
  return { stdout, text: () => text };
}

async function printed(
  expression: string,
  query: Omit<NonNullable<WriterOptions['query']>, 'filter'>,
  act: (out: Writer) => Promise<void>,
): Promise<string> {
  const { stdout, text } = capture();
  const filter = await compileQuery(expression);
  await act(
    new Writer({
      format: 'json',
      stdout,
      pretty: false,
      color: plain,
      query: { filter, ...query },
    }),
  );
  return text();
}

describe('Writer with --query', () => {
  const list = (out: DataWriter): Promise<void> =>
    out.list(users, [{ key: 'username', header: 'USERNAME' }]);

  it('JSON: the result; a string raw when no -o was given, quoted with -o json', async () => {
    const json = { output: 'json', rawStrings: false } as const;
    const bare = { output: 'json', rawStrings: true } as const;
    assert.equal(await printed('[].username', bare, list), '["fred","alice"]\n');
    assert.equal(await printed('[0].username', bare, list), 'fred\n');
    assert.equal(await printed('[0].username', json, list), '"fred"\n');
    assert.equal(await printed('[0].domains', bare, list), '2\n');
    assert.equal(await printed('[0].nope', bare, list), 'null\n');
    // A record and any value go through it too.
    const fred = { username: 'fred', domains: 2 };
    const record = (out: Writer) => out.record(fred, [{ key: 'username', header: 'USERNAME' }]);
    assert.equal(await printed('domains', bare, record), '2\n');
    assert.equal(await printed('a.b', bare, (out) => out.value({ a: { b: [1] } })), '[1]\n');
  });

  it('a raw string keeps the escaping of a TSV field: no control character reaches the terminal', async () => {
    const bare = { output: 'json', rawStrings: true } as const;
    const text = await printed('name', bare, (out) => out.value({ name: 'a\tb\n\u001b[31m' }));
    assert.equal(text, 'a\\tb\\n\\x1b[31m\n');
  });

  it('YAML: the result as YAML', async () => {
    const yaml = { output: 'yaml', rawStrings: false } as const;
    assert.equal(await printed('[].username', yaml, list), '- fred\n- alice\n');
  });

  it('TSV: one line per item, raw values, no header', async () => {
    const tsv = { output: 'tsv', rawStrings: false } as const;
    assert.equal(await printed('[].username', tsv, list), 'fred\nalice\n');
    assert.equal(await printed('[].[username, domains]', tsv, list), 'fred\t2\nalice\t1\n');
    assert.equal(await printed('[?suspended]', tsv, list), 'alice\ttrue\t1\n');
    assert.equal(await printed('[?domains > `5`]', tsv, list), '');
  });

  it('a fleet: every panel answers first, then the whole document is filtered once', async () => {
    const { stdout, text } = capture();
    const filter = await compileQuery('[?suspended].[profile, username]');
    const query = { filter, output: 'tsv', rawStrings: false } as const;
    const options = { format: 'json', stdout, pretty: false, color: plain, query } as const;
    const sink = new FleetOutput(new Writer(options), true);
    const panel = (profile: string) => new FleetWriter('json', profile, sink);
    await list(panel('zz'));
    await list(panel('aa'));
    assert.equal(text(), '', 'nothing is printed before the last panel');
    await sink.end();
    assert.equal(text(), 'aa\talice\nzz\talice\n');
  });
});
