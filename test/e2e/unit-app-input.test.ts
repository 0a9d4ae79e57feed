// What `unit app` refuses before sending anything (exit 2), and how it behaves without a terminal
// (cron).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { removeKeptEdits } from '../helpers/editor.js';

describe('unit app: refused before sending', () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world({}, { inProcess: true });
    fred = w.envFor('fred');
  });
  after(() => w.close());

  const refuses = async (args: string[], message: RegExp, input?: string): Promise<void> => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['unit', 'app', ...args], { env: fred, input });
    assert.equal(result.code, 2, `${args.join(' ')}\n${result.stderr}`);
    assert.match(result.stderr, message, args.join(' '));
    assert.equal(result.stdout, '');
    assert.equal(w.sandbox.requests.length, before, `${args.join(' ')} sent a request`);
  };
  const create = ['create', 'app9', '--domain', 'fred.example'];
  const tpl = [...create, '--template', 'nodejs', '--dir', 'app'];

  it('bad names and domains', async () => {
    await refuses(
      ['create', 'a/b', '--domain', 'fred.example'],
      /application name "a\/b": must not contain "\/"/,
    );
    await refuses(['show', '..', '--domain', 'fred.example'], /must not contain "\.\."/);
    await refuses(
      ['delete', 'ok', 'bad name', '--domain', 'fred.example', '--yes'],
      /"bad name": must use only letters/,
    );
    await refuses(
      ['list', '--domain', 'Fred..example'],
      /--domain "fred\.\.example": each part between dots/,
    );
    await refuses(['list', '--domain', 'localhost'], /--domain "localhost": must contain a dot/);
    await refuses(['list'], /Domain is required: pass --domain/);
  });

  it('definitions Unit would reject, named by JSON path', async () => {
    await refuses(
      [...tpl, '--set', 'limits.timeout=abc'],
      /limits\.timeout: must be an integer, not a string/,
    );
    await refuses(
      [...tpl, '--set', 'environment.PORT=3000'],
      /environment\.PORT: must be a string[\s\S]*hint: --set takes JSON/,
    );
    await refuses(
      [...tpl, '--set', 'proccesses=2', '--set', 'executable=null'],
      /executable: is required for an external application\n {2}proccesses: is not a member of an external application \(did you mean "processes"\?\)/,
    );
    await refuses([...create, '--file', '-'], /type: is required/, '{"executable": "x"}');
    // modify reads the current definition first, and changes nothing.
    const before = w.sandbox.requests.length;
    const modify = await w.dactl(
      ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--set', 'processes.max=0'],
      { env: fred },
    );
    assert.equal(modify.code, 2);
    assert.match(modify.stderr, /processes\.max: must be an integer from 1 to 2147483647, not 0/);
    assert.deepEqual(
      w.sandbox.requests.slice(before).map((r) => r.method),
      ['GET'],
    );
  });

  it('malformed flags, files and templates', async () => {
    await refuses([...tpl, '--set', 'timeout'], /--set "timeout": use --set key\.path=value/);
    await refuses(
      [...tpl, '--dir', '../alice'],
      /--dir "\.\.\/alice": must not contain "\." or "\.\." parts/,
    );
    await refuses(
      [...create, '--template', 'cobol', '--dir', 'x'],
      /--template "cobol": no such template; choose one of nodejs, python/,
    );
    await refuses(
      [...create, '--file', '/nonexistent.json'],
      /--file "\/nonexistent\.json": cannot read the file \(ENOENT\)/,
    );
    await refuses(
      [...create, '--file', '-'],
      /The definition on stdin \(--file -\) is not valid JSON \(line 2, column 3\)/,
      '{"type": "php",\n  root}',
    );
    await refuses([...create, '--file', '-'], /must be a JSON object/, '["x"]');
    await refuses([...create, '--file', '-'], /is empty/, '');
    await refuses(
      [...create, '--file', '-', '--template', 'php'],
      /--file gives the whole definition; --template works with a template only/,
      '{}',
    );
    await refuses(['modify', 'app', '--domain', 'fred.example'], /Nothing to change: give --set/);
    const bad = join(w.home.dir, 'bad-templates.json');
    writeFileSync(bad, '{"x": {"application": {"type": "php", "root": "${hme}"}}}');
    await refuses(
      [...create, '--template-file', bad, '--template', 'x'],
      /Template "x" \(.*bad-templates\.json\) uses an unknown placeholder \$\{hme\} at root/,
    );
  });

  it('--edit: no editor without a terminal, a failing editor, an invalid edit kept for --file', async () => {
    await refuses([...tpl, '--edit'], /--edit needs an editor: set \$VISUAL or \$EDITOR/);
    const before = w.sandbox.requests.length;
    const failing = await w.dactl(['unit', 'app', ...tpl, '--edit'], {
      env: { ...fred, EDITOR: 'false' },
    });
    assert.equal(failing.code, 2);
    assert.match(failing.stderr, /The editor "false" exited with status 1; nothing was sent/);
    const invalid = await w.dactl(['unit', 'app', ...tpl, '--edit'], {
      env: { ...fred, EDITOR: 'sed -i s/30,/1.5,/' },
    });
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /limits\.timeout: must be an integer, not a fractional number/);
    const kept = /Your edit is kept in (\S+); fix it and send it with --file \1\./.exec(
      invalid.stderr,
    );
    assert.ok(kept?.[1], invalid.stderr);
    assert.match(readFileSync(kept[1], 'utf8'), /"timeout": 1.5,/);
    const broken = await w.dactl(['unit', 'app', ...tpl, '--edit'], {
      env: { ...fred, EDITOR: 'sed -i s/30,/soon,/' },
    });
    assert.equal(broken.code, 2);
    assert.match(
      broken.stderr,
      /The edited definition \(.*fred\.example_app9\.json\) is not valid JSON \(line 12, column 16\): Unexpected token 's'\.\nhint: Your edit is kept/,
    );
    assert.equal(w.sandbox.requests.length, before);
    removeKeptEdits(invalid.stderr + broken.stderr);
  });

  it('without a terminal: delete needs --yes, create needs a template or a file, nothing is asked', async () => {
    await refuses(
      ['delete', 'app', '--domain', 'fred.example'],
      /Delete fred\.example_app: confirmation needed; pass --yes/,
    );
    await refuses(create, /Template is required: pass --template <name> \(or --file <f>\)/);
    await refuses(
      ['create', 'app9', '--domain', 'fred.example', '--template', 'php'],
      /Application directory \(below \/home\/fred\/domains\/fred\.example\/\) is required: pass --dir/,
    );
    const noInput = await w.dactl(
      ['unit', 'app', 'delete', 'app', '--domain', 'fred.example', '--no-input'],
      { env: { ...fred, CI: '' } },
    );
    assert.equal(noInput.code, 2);
  });

  it('a cron job changes an application with flags alone, without a confirmation', async () => {
    const result = await w.dactl(
      ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--set', 'processes=2'],
      { env: fred },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Modified fred\.example_app/);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl([...['unit', 'app'], ...tpl, '--dry-run', '-o', 'json'], {
      env: fred,
    });
    assert.equal(result.code, 0, result.stderr);
    const { request } = json(result) as { request: { method: string; url: string; form: string } };
    assert.equal(request.method, 'POST');
    assert.match(request.url, /\/CMD_UNIT\?json=yes$/);
    const fields = new URLSearchParams(request.form);
    assert.equal(fields.get('action'), 'create');
    assert.equal((JSON.parse(fields.get('json') ?? '') as { type: string }).type, 'external');
    assert.equal(w.sandbox.requests.length, before);

    // Nothing to confirm in a dry run: delete reads the list, then only prints the request.
    const dry = await w.dactl(
      ['unit', 'app', 'delete', 'app', '--domain', 'fred.example', '--dry-run'],
      {
        env: fred,
      },
    );
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^POST .*\/CMD_UNIT\?json=yes\n[\s\S]*action=select&select0=app\n$/);
    assert.match(dry.stderr, /Dry run: nothing was sent/);
    assert.deepEqual(
      w.sandbox.requests.slice(before).map((r) => r.method),
      ['GET'],
    );
  });
});
