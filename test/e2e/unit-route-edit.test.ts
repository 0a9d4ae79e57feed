// `dactl unit route edit` and `set --edit` with a scripted $EDITOR: an invalid save reopens the
// editor with the errors on top, a valid one is sent; giving up sends nothing (exit 130).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { removeKeptEdits, scriptedEditor } from '../helpers/editor.js';
import { recorder } from '../helpers/unit-app.js';

describe('unit route edit', () => {
  let w: World;
  let fred: Record<string, string>;
  const { mark, posts } = recorder(() => w);
  let n = 0;

  /**
   * An $EDITOR that saves each text in turn (null: saves the file as it was shown) and keeps a
   * copy of every file it was shown, in order.
   */
  function editor(saves: (string | null)[]): {
    env: Record<string, string>;
    shown: () => string[];
  } {
    const { editor: script, shown } = scriptedEditor(
      join(w.home.dir, `editor${String(++n)}`),
      saves,
    );
    return { env: { ...fred, EDITOR: script }, shown };
  }

  const edit = (env: Record<string, string>, ...extra: string[]) =>
    w.dactl(['unit', 'route', 'edit', '--domain', 'fred.example', ...extra], { env });

  before(async () => {
    w = await world({}, { inProcess: true });
    fred = w.envFor('fred');
  });
  after(() => w.close());

  it('reopens with the errors on top until the route is valid, then sends it', async () => {
    const valid = [
      { match: { uri: '/api/*' }, action: { pass: 'applications/fred.example_app' } },
      { action: { return: 404 } },
    ];
    const ed = editor([
      '[{"action": {"pass": "applications/alice.example_blog"}}]\n',
      '// kept the notes\n// on top\n[\n  {"action": {"return": 404},}\n]\n',
      JSON.stringify(valid),
    ]);
    mark();
    const result = await edit(ed.env);
    assert.equal(result.code, 0, result.stderr);
    const [first, second, third] = ed.shown();
    assert.equal(first, '[]\n');
    assert.equal(
      second,
      '// Not valid yet. Fix it and save; save an empty file to cancel.\n' +
        '// error: [0].action.pass: application "alice.example_blog" belongs to another domain; use applications/fred.example_<app>\n' +
        '//\n' +
        '[{"action": {"pass": "applications/alice.example_blog"}}]\n',
    );
    // The JSON error counts lines in the file as the user saved it, comment lines included.
    assert.match(
      third ?? '',
      /^\/\/ Not valid yet.*\n\/\/ error: The edited route \(fred\.example\.route\.json\) is not valid JSON \(line 4, column 30\): Expected double-quoted property name\.\n\/\/\n\[\n/,
    );
    assert.equal((result.stderr.match(/warning: Not valid yet/g) ?? []).length, 2);
    assert.match(result.stderr, /✓ Set the route of fred\.example/);
    assert.equal(posts().length, 1);
    const sentRoute = JSON.parse(
      new URLSearchParams(posts()[0]?.body).get('routes') ?? '',
    ) as unknown;
    assert.deepEqual(sentRoute, valid);
  });

  it('gives up with exit 130 on an empty save, or an unchanged one after an error', async () => {
    mark();
    const empty = await edit(editor(['\n']).env);
    assert.equal(empty.code, 130, empty.stderr);
    assert.match(empty.stderr, /The file was saved empty; nothing was sent\./);
    const stubborn = editor(['[{"action": {}}]', null]);
    const unchanged = await edit(stubborn.env);
    assert.equal(unchanged.code, 130, unchanged.stderr);
    assert.match(unchanged.stderr, /saved unchanged after an error; nothing was sent/);
    assert.equal(stubborn.shown().length, 2);
    assert.equal(posts().length, 0);
    const file = readFileSync(join(w.home.dir, `editor${String(n)}`, 'file'), 'utf8').trim();
    assert.ok(!existsSync(file), 'the temporary file is gone');
  });

  it('sends nothing when the route is saved as it was', async () => {
    mark();
    const result = await edit(editor([null]).env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /No changes to the route of fred\.example; nothing sent\./);
    assert.equal(posts().length, 0);
  });

  it('edits a subdomain’s set on its own', async () => {
    const ed = editor(['[{"action": {"return": 503}}]']);
    const result = await edit(ed.env, '--subdomain', 'shop');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(ed.shown(), ['[]\n']);
    assert.equal(new URLSearchParams(posts().at(-1)?.body).get('subdomain'), 'shop');
  });

  it('set --edit opens once: an invalid save is kept for --file, nothing sent', async () => {
    const ed = editor(['[{"action": {"share": "/etc$uri"}}]']);
    mark();
    const result = await w.dactl(
      ['unit', 'route', 'set', '--domain', 'fred.example', '--template', 'static', '--edit'],
      { env: ed.env },
    );
    assert.equal(result.code, 2);
    assert.match(result.stderr, /\[0\]\.action\.share: "\/etc\$uri" is outside \/home\/fred\//);
    assert.match(result.stderr, /hint: Your edit is kept in (\S+); fix it and send it with --file/);
    assert.deepEqual(JSON.parse(ed.shown()[0] ?? ''), [
      { action: { share: '/home/fred/domains/fred.example/public_html$uri' } },
    ]);
    assert.equal(posts().length, 0);
    const kept = /kept in (\S+);/.exec(result.stderr)?.[1] ?? '';
    assert.ok(existsSync(kept));
    removeKeptEdits(result.stderr);
  });

  it('needs an editor without a terminal', async () => {
    mark();
    const result = await edit(fred);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /needs an editor: set \$VISUAL or \$EDITOR/);
    assert.equal(posts().length, 0);
  });
});
