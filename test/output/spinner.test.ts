import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { canSpin, startSpinner } from '../../src/output/spinner.js';

class Screen extends Writable {
  text = '';
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

describe('spinner', () => {
  it('draws only at a terminal that is not dumb, not CI, not quiet', () => {
    assert.equal(canSpin({ stream: new Screen(true), env: {} }), true);
    assert.equal(canSpin({ stream: new Screen(false), env: {} }), false);
    assert.equal(canSpin({ stream: new Screen(true), env: { TERM: 'dumb' } }), false);
    assert.equal(canSpin({ stream: new Screen(true), env: { CI: 'true' } }), false);
    assert.equal(canSpin({ stream: new Screen(true), env: {}, quiet: true }), false);
  });

  // The clock is mocked: the frames counted below must not depend on the machine's speed.
  it('writes nothing at all to a pipe', (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'] });
    const pipe = new Screen(false);
    const spinner = startSpinner('Working', { stream: pipe, env: {}, intervalMs: 5 });
    t.mock.timers.tick(30);
    spinner.stop();
    assert.equal(pipe.text, '');
  });

  it('animates at a terminal, then clears its line and gives the cursor back', (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'] });
    const tty = new Screen(true);
    const listeners = process.listenerCount('SIGINT');
    const spinner = startSpinner('Installing', { stream: tty, env: {}, intervalMs: 5 });
    assert.equal(process.listenerCount('SIGINT'), listeners + 1);
    t.mock.timers.tick(40);
    spinner.stop();
    spinner.stop();
    assert.ok(tty.text.startsWith('\u001b[?25l'), 'cursor hidden first');
    assert.ok((tty.text.match(/Installing 0s/g) ?? []).length > 2, 'several frames');
    assert.ok(tty.text.endsWith('\r\u001b[K\u001b[?25h'), 'line cleared, cursor shown, once');
    assert.equal(process.listenerCount('SIGINT'), listeners, 'signal handler removed');
    const after = tty.text.length;
    t.mock.timers.tick(20);
    assert.equal(tty.text.length, after, 'no drawing after stop');
  });
});
