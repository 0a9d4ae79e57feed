// The edit loop of `unit route edit`: errors on top as comments, reopened until valid; an empty
// save or an unchanged one after an error gives up (exit 130).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CancelledError } from '../../src/errors.js';
import { scriptedEditor } from '../helpers/editor.js';
import { jsonErrorDetail } from '../../src/unit/json-text.js';
import {
  editUntilValid,
  errorHeader,
  splitHeader,
  withoutHeader,
  type Verdict,
} from '../../src/unit/edit-loop.js';

const temp = mkdtempSync(join(tmpdir(), 'dactl-loop-test-'));
after(() => {
  rmSync(temp, { recursive: true, force: true });
});

const scripted = (saves: (string | null)[]) =>
  scriptedEditor(mkdtempSync(join(temp, 'ed-')), saves);

const options = (editor: string) => ({
  env: { EDITOR: editor },
  interactive: false,
  stdoutIsTty: false,
  fileName: 'fred.example.route.json',
});

/** Valid: a JSON array of numbers. */
const judge = (text: string): Verdict<number[]> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : 'bad'] };
  }
  return Array.isArray(value) && value.every((n) => typeof n === 'number')
    ? { ok: true, value }
    : { ok: false, problems: ['[0]: must be a number'] };
};

describe('edit loop', () => {
  it('splits and blanks the comment header, keeping line numbers', () => {
    const text = '// error: x\n  // more\n[1,\n 2]\n// not a header';
    assert.deepEqual(splitHeader(text), {
      header: '// error: x\n  // more',
      body: '[1,\n 2]\n// not a header',
    });
    assert.equal(withoutHeader('// a\n[1]'), '    \n[1]');
    assert.equal(withoutHeader('[1]'), '[1]');
    assert.equal(
      errorHeader(['[0]: bad', '[1]: worse']),
      '// Not valid yet. Fix it and save; save an empty file to cancel.\n// error: [0]: bad\n// error: [1]: worse\n//\n',
    );
  });

  it('returns what is valid at once', async () => {
    const { editor, shown } = scripted(['[1, 2]\n']);
    const told: string[] = [];
    assert.deepEqual(
      await editUntilValid('[]', options(editor), judge, (m) => told.push(m)),
      [1, 2],
    );
    assert.deepEqual(shown(), ['[]\n']);
    assert.deepEqual(told, []);
  });

  it('reopens with the errors on top until the route is valid', async () => {
    const { editor, shown } = scripted(['["a"]\n', '[1,]\n', '// error: old\n[3]\n']);
    const told: string[] = [];
    const value = await editUntilValid('[0]', options(editor), judge, (m) => told.push(m));
    assert.deepEqual(value, [3]);
    const [first, second, third] = shown();
    assert.equal(first, '[0]\n');
    assert.equal(second, `${errorHeader(['[0]: must be a number'])}["a"]\n`);
    // Node's message quotes the text, line break included: it stays inside the comments.
    assert.match(
      third ?? '',
      /^\/\/ Not valid yet.*\n\/\/ error: .*\n\/\/ {3}.*JSON\n\/\/\n\[1,\]\n$/,
    );
    assert.equal(told.length, 2);
    assert.match(told[0] ?? '', /Not valid yet \(1 problem\); opening the editor again/);
  });

  it('gives up on an empty save, or an unchanged one after an error, removing the file', async () => {
    const empty = scripted(['  \n']);
    await assert.rejects(
      editUntilValid('[0]', options(empty.editor), judge, () => undefined),
      (e: unknown) =>
        e instanceof CancelledError && /saved empty/.test(e.message) && e.exitCode === 130,
    );
    const emptyAfterHeader = scripted(['["x"]', '// Not valid\n']);
    await assert.rejects(
      editUntilValid('[0]', options(emptyAfterHeader.editor), judge, () => undefined),
      (e: unknown) => e instanceof CancelledError && /saved empty/.test(e.message),
    );
    const same = scripted(['["x"]', null]);
    await assert.rejects(
      editUntilValid('[0]', options(same.editor), judge, () => undefined),
      (e: unknown) => e instanceof CancelledError && /unchanged after an error/.test(e.message),
    );
    assert.equal(same.shown().length, 2);
  });

  it('hands the judge text whose line numbers match the editor’s', async () => {
    const withHeader = `${errorHeader(['[0]: must be a number'])}[\n 1,\n]\n`;
    const { editor } = scripted(['["x"]', withHeader, '[1]']);
    const places: string[] = [];
    const located = (text: string): Verdict<number[]> => {
      try {
        JSON.parse(text);
      } catch (error) {
        places.push(jsonErrorDetail(text, error instanceof Error ? error.message : ''));
      }
      return judge(text);
    };
    assert.deepEqual(await editUntilValid('[0]', options(editor), located, () => undefined), [1]);
    // The header is 3 lines, so the stray "]" is on line 6 of the file the user sees.
    assert.match(places[0] ?? '', /^ \(line 6, column 1\)/);
  });
});
