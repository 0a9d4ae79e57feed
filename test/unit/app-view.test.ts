// How definitions read in `unit app list` and `show`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appRow, entryOf, processesOf, timeoutOf } from '../../src/unit/app-view.js';

describe('application rows', () => {
  it('shows what each type runs', () => {
    assert.equal(entryOf({ type: 'external', executable: '/a/app.js' }), '/a/app.js');
    assert.equal(entryOf({ type: 'python', module: 'wsgi', path: '/a' }), 'wsgi in /a');
    assert.equal(entryOf({ type: 'python', module: 'wsgi', path: ['/a', '/b'] }), 'wsgi in /a');
    assert.equal(entryOf({ type: 'python', module: 'wsgi' }), 'wsgi');
    assert.equal(entryOf({ type: 'php', root: '/r', script: 'index.php' }), '/r/index.php');
    assert.equal(entryOf({ type: 'php', root: '/r' }), '/r');
    assert.equal(entryOf({ type: 'ruby', script: '/a/config.ru' }), '/a/config.ru');
    assert.equal(entryOf({ type: 'java', webapp: '/a/app.war' }), '/a/app.war');
    assert.equal(entryOf({ type: 'php', targets: { a: {}, b: {} } }), '2 targets');
  });

  it('shows fixed and dynamic processes, and the timeout', () => {
    assert.equal(processesOf(4), '4');
    assert.equal(processesOf({ max: 4, spare: 1, idle_timeout: 20 }), '1-4 (idle 20s)');
    assert.equal(processesOf({ max: 2 }), '0-2');
    assert.equal(processesOf(undefined), '');
    assert.equal(timeoutOf({ timeout: 30 }), '30s');
    assert.equal(timeoutOf(undefined), '');
    assert.deepEqual(appRow('app', { type: 'perl', script: 's.psgi', processes: 2 }), {
      name: 'app',
      type: 'perl',
      entry: 's.psgi',
      processes: '2',
      timeout: '',
    });
  });
});
