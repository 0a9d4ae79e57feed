// The one error renderer (src/output/error.ts), for a run and for a fleet's failing panel: the
// same error, kept secret and panel text included, shown both ways in text and in JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NetworkError, ProblemsError } from '../../src/errors.js';
import { exitCodeOf, showError } from '../../src/output/error.js';

function shown(error: unknown, how: Parameters<typeof showError>[1]) {
  let stdout = '';
  let stderr = '';
  const out = (add: (s: string) => void) => ({
    write: (s: string) => {
      add(s);
      return true;
    },
  });
  showError(error, how, {
    stdout: out((s) => (stdout += s)),
    stderr: out((s) => (stderr += s)),
  });
  return { stdout, stderr };
}

/** A change whose answer was lost, with the generated password the user must keep. */
function lost(): NetworkError {
  const error = new NetworkError(
    'The panel \u001b[2Jdid not answer.',
    'Check with dactl users list.',
  );
  error.keep = { key: 'password', label: 'Password', value: 's3cret' };
  return error;
}

describe('showError', () => {
  it('a run: error and hint lines, control characters escaped, then what to keep', () => {
    assert.deepEqual(shown(lost(), { json: false }), {
      stdout: '',
      stderr:
        'error: The panel \\x1b[2Jdid not answer.\nhint: Check with dactl users list.\n' +
        'Password: s3cret\n',
    });
  });

  it("a fleet's panel: one line naming it, no hint, then what to keep", () => {
    assert.deepEqual(shown(lost(), { json: false, profile: 'eu1' }), {
      stdout: '',
      stderr: 'error: eu1: The panel \\x1b[2Jdid not answer.\neu1: Password: s3cret\n',
    });
  });

  it('JSON: the same object for both, with the profile beside it for a panel', () => {
    const failure = {
      code: 'NETWORK',
      message: 'The panel \u001b[2Jdid not answer.',
      exitCode: 6,
      hint: 'Check with dactl users list.',
      password: 's3cret',
    };
    assert.deepEqual(JSON.parse(shown(lost(), { json: true }).stderr), { error: failure });
    assert.deepEqual(JSON.parse(shown(lost(), { json: true, profile: 'eu1' }).stderr), {
      profile: 'eu1',
      error: failure,
    });
    assert.equal(exitCodeOf(lost()), 6);
  });

  it("a bug is exit 1 with its hint; a ProblemsError's list goes to stdout under JSON", () => {
    const bug = shown(new TypeError('x is undefined'), { json: true });
    assert.deepEqual(JSON.parse(bug.stderr), {
      error: {
        code: 'INTERNAL',
        message: 'x is undefined',
        exitCode: 1,
        hint: 'This is a bug in dactl; run again with --debug for details.',
      },
    });
    assert.equal(exitCodeOf(new TypeError('x')), 1);
    const problems = [{ path: '$.name', message: 'missing' }];
    const listed = shown(new ProblemsError('1 problem.', problems), { json: true });
    assert.deepEqual(JSON.parse(listed.stdout), problems);
    assert.equal(shown(new ProblemsError('1 problem.', problems), { json: false }).stdout, '');
  });

  it('--debug: the frames follow, without the message the stack repeats', () => {
    const error = new Error('password=hunter2 leaked');
    const { stderr } = shown(error, { json: false, debug: true });
    assert.match(stderr, /^error: password=hunter2 leaked\nhint: This is a bug/);
    assert.match(stderr, /\n\s+at /);
    assert.equal(stderr.split('password=hunter2').length, 2, 'the message once, not the stack');
  });
});
