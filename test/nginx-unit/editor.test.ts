// --edit: the editor runs on a private temporary file; failures keep the user's work.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { chooseEditor, editJson } from '../../src/unit/editor.js';

const temp = mkdtempSync(join(tmpdir(), 'dactl-editor-test-'));
after(() => {
  rmSync(temp, { recursive: true, force: true });
});

/** An editor script that replaces the file with `text`, and notes the file it was given. */
function scriptedEditor(text: string): { editor: string; seen: () => string } {
  const dir = mkdtempSync(join(temp, 'ed-'));
  const script = join(dir, 'edit.sh');
  writeFileSync(join(dir, 'new.json'), text);
  writeFileSync(script, `#!/bin/sh\necho "$1" > "${dir}/seen"\ncp "${dir}/new.json" "$1"\n`, {
    mode: 0o755,
  });
  return { editor: script, seen: () => readFileSync(join(dir, 'seen'), 'utf8').trim() };
}

const options = (env: NodeJS.ProcessEnv) => ({
  env,
  interactive: false,
  stdoutIsTty: false,
  fileName: 'x.json',
});

describe('editJson', () => {
  it('chooses $VISUAL, then $EDITOR, then vi only at a terminal', () => {
    assert.equal(chooseEditor({ VISUAL: 'code --wait', EDITOR: 'nano' }, false), 'code --wait');
    assert.equal(chooseEditor({ EDITOR: 'nano' }, false), 'nano');
    assert.equal(chooseEditor({}, true), 'vi');
    assert.throws(
      () => chooseEditor({}, false),
      (e: unknown) => e instanceof UsageError && /--edit needs an editor/.test(e.message),
    );
  });

  it('returns the edited value and removes the 0600 temporary file', async () => {
    const { editor, seen } = scriptedEditor('{"a": 2}');
    const value = await editJson(
      '{"a": 1}',
      options({ EDITOR: editor }),
      (text) => JSON.parse(text) as unknown,
    );
    assert.deepEqual(value, { a: 2 });
    assert.match(seen(), /dactl-edit-.*\/x\.json$/);
    assert.ok(!existsSync(seen()));
  });

  it('runs an editor command with arguments through the shell', async () => {
    const value = await editJson(
      '{"a": 1}',
      options({ EDITOR: 'sed -i s/1/3/' }),
      (text) => JSON.parse(text) as unknown,
    );
    assert.deepEqual(value, { a: 3 });
  });

  it('keeps an edit that fails the check and says how to send it', async () => {
    const { editor, seen } = scriptedEditor('{"a": ');
    await assert.rejects(
      editJson('{}', options({ EDITOR: editor }), () => {
        throw new UsageError('bad JSON');
      }),
      (e: unknown) =>
        e instanceof UsageError &&
        e.message === 'bad JSON' &&
        (e.hint ?? '').includes(`--file ${seen()}`),
    );
    assert.equal(readFileSync(seen(), 'utf8'), '{"a": ');
    assert.equal(statSync(seen()).mode & 0o777, 0o600);
    // Kept for the user; the test removes it.
    rmSync(dirname(seen()), { recursive: true, force: true });
  });

  it('stops, sending nothing, when the editor fails', async () => {
    await assert.rejects(
      editJson('{}', options({ EDITOR: 'false' }), () =>
        assert.fail('no check after a failed editor'),
      ),
      (e: unknown) =>
        e instanceof UsageError &&
        /The editor "false" exited with status 1; nothing was sent/.test(e.message),
    );
  });
});
