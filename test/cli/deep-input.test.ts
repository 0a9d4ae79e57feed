// JSON nested 100,000 levels deep from the user, wherever dactl takes JSON: a file, stdin, a
// template file, a --set, the profile file, a --query that builds data. Each is exit 2 naming
// where it came from, before anything is sent; nothing reaches a writer that would overflow.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_SEND_DEPTH } from '../../src/json/parse.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

const levels = 100_000;
/** Objects in objects, `{"a":{"a":...1}}`; the 241st opens at column 1201. */
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const arrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const domain = ['--domain', 'fred.example'];

describe('deep JSON from the user', () => {
  let sb: Sandbox;
  const home = tempHome();
  const file = join(home.dir, 'deep.json');
  let fred: Record<string, string>;
  before(async () => {
    sb = await startSandbox({ port: 0 });
    writeFileSync(file, nested(levels));
    const password = sb.accounts.find((a) => a.username === 'fred')?.password ?? '';
    fred = { ...home.env, DACTL_URL: sb.url, DACTL_USERNAME: 'fred', DACTL_PASSWORD: password };
  });
  after(async () => {
    await sb.close();
    home.cleanup();
  });

  /** Runs as fred: exit 2 with these words, and nothing changed (a read may come first). */
  const refused = async (args: string[], words: RegExp, input?: string): Promise<void> => {
    const what = args.join(' ').slice(0, 120);
    const since = sb.requests.length;
    const result = await runInProcess(args, { env: fred, input });
    assert.equal(result.code, 2, `${what}\n${result.stderr.slice(0, 500)}`);
    assert.match(result.stderr, words, what);
    assert.doesNotMatch(result.stderr, /Maximum call stack|\n\s+at /, what);
    const posts = sb.requests.slice(since).filter((r) => r.method === 'POST');
    assert.deepEqual(posts, [], `${what} sent a change`);
  };
  const deepAt = (source: string): RegExp =>
    new RegExp(`${source} \\(line 1, column 1201\\): the JSON is nested more than 240 levels deep`);
  const name = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('a file, stdin or a template file for a Unit command: exit 2 naming it and the place', async () => {
    const app = ['unit', 'app', 'create', 'deep', ...domain];
    await refused([...app, '--file', file], deepAt(`--file ${name}`));
    await refused([...app, '--file', '-'], deepAt('on stdin \\(--file -\\)'), nested(levels));
    await refused(['unit', 'app', 'modify', 'app', ...domain, '--file', file], deepAt(name));
    await refused(['unit', 'route', 'set', ...domain, '--file', file], deepAt(name));
    await refused(['unit', 'route', 'validate', file, ...domain], deepAt(name));
    await refused(
      [...app, '--template-file', file, '--template', 'python', '--dir', 'deep'],
      deepAt(`The template file ${name}`),
    );
    await refused(['unit', 'templates', 'list', 'routes', '--template-file', file], deepAt(name));
  });

  it('api --input from a file or stdin, or -f keys: exit 2 naming them; within the limit it is sent', async () => {
    const post = ['api', '/api/x', '-X', 'POST'];
    const deep = /: the JSON is nested more than 240 levels deep, the most dactl reads\./;
    await refused([...post, '--input', file], new RegExp(`--input "${name}"${deep.source}`));
    await refused(
      [...post, '--input', '-'],
      /--input - \(stdin\): the JSON is nested/,
      arrays(levels),
    );
    // -f a[b][c]=x nests the JSON body too.
    await refused(
      [...post, '-f', `a${'[a]'.repeat(levels)}=1`],
      /-f "a\[a\].*…": the key nests more than 240/,
    );
    const sent = sb.requests.length;
    await runInProcess([...post, '--input', '-'], { env: fred, input: arrays(MAX_SEND_DEPTH) });
    await runInProcess([...post, '-f', `a${'[a]'.repeat(MAX_SEND_DEPTH - 1)}=1`], { env: fred });
    assert.equal(sb.requests.length, sent + 2);
  });

  it('--set: a key path or a value that nests too deep, together', async () => {
    const modify = ['unit', 'app', 'modify', 'app', ...domain, '--set'];
    const words = /--set ".{60}…": the key path and the value are nested more than 240 levels/;
    await refused([...modify, `${'a.'.repeat(levels)}b=1`], words);
    await refused([...modify, `environment=${nested(levels)}`], words);
    // One level over, split between the two: 101 parts and 140 levels.
    await refused([...modify, `${'a.'.repeat(100)}b=${nested(MAX_SEND_DEPTH - 100)}`], words);
  });

  it('--query: an expression too deep to compile, or a result deeper than dactl prints', async () => {
    const braces = (n: number): string => '{a:'.repeat(n) + '@' + '}'.repeat(n);
    await refused(['db', 'list', '--query', braces(levels)], /--query: the expression is nested/);
    // What the expression builds: objects 700 deep overflowed the YAML writer, as did a literal.
    for (const query of [braces(700), `\`${arrays(2000)}\``]) {
      const result = await runInProcess(['db', 'list', '-o', 'yaml', '--query', query], {
        env: fred,
      });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /--query: the result is nested more than 256 levels deep/);
    }
  });

  it('a profile file nested too deep: exit 2 saying the file cannot be read', async () => {
    const config = tempHome();
    mkdirSync(config.configDir, { recursive: true });
    writeFileSync(join(config.configDir, 'config.json'), `{"profiles":{},"x":${nested(levels)}}`);
    const result = await runInProcess(['profile', 'list'], { env: config.env });
    config.cleanup();
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /cannot be read: the JSON is nested more than 256 levels deep/);
  });
});
