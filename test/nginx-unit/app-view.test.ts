// How definitions read in `unit app list` and `show`: raw values in the row (TSV prints them),
// combined in the table's columns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appRow, entryText, processesText } from '../../src/commands/unit/app/_shared/app-view.js';

const entry = (app: Record<string, unknown>): string => entryText(appRow('a', app));
const processes = (p: unknown): string => processesText(appRow('a', { processes: p }));

describe('application rows', () => {
  it('shows what each type runs', () => {
    assert.equal(entry({ type: 'external', executable: '/a/app.js' }), '/a/app.js');
    assert.equal(entry({ type: 'python', module: 'wsgi', path: '/a' }), 'wsgi in /a');
    assert.equal(entry({ type: 'python', module: 'wsgi', path: ['/a', '/b'] }), 'wsgi in /a');
    assert.equal(entry({ type: 'python', module: 'wsgi' }), 'wsgi');
    assert.equal(entry({ type: 'php', root: '/r', script: 'index.php' }), 'index.php in /r');
    assert.equal(entry({ type: 'php', root: '/r' }), '/r');
    assert.equal(entry({ type: 'ruby', script: '/a/config.ru' }), '/a/config.ru');
    assert.equal(entry({ type: 'java', webapp: '/a/app.war' }), '/a/app.war');
    assert.equal(entry({ type: 'php', targets: { a: {}, b: {} } }), '2 targets');
  });

  it('shows fixed and dynamic processes', () => {
    assert.equal(processes(4), '4');
    assert.equal(processes({ max: 4, spare: 1, idle_timeout: 20 }), '1-4 (idle 20s)');
    assert.equal(processes({ max: 2 }), '0-2');
    assert.equal(processes(undefined), '');
  });

  it('keeps the raw values, one field each', () => {
    const app = {
      type: 'python 3.12',
      module: 'wsgi',
      path: '/home/fred/api',
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      limits: { timeout: 30 },
    };
    assert.deepEqual(appRow('api', app), {
      name: 'api',
      type: 'python 3.12',
      entry: 'wsgi',
      directory: '/home/fred/api',
      targets: null,
      processes: 4,
      spare: 1,
      idleTimeout: 20,
      timeout: 30,
    });
    assert.deepEqual(appRow('app', { type: 'perl', script: 's.psgi', processes: 2 }), {
      name: 'app',
      type: 'perl',
      entry: 's.psgi',
      directory: null,
      targets: null,
      processes: 2,
      spare: null,
      idleTimeout: null,
      timeout: null,
    });
  });
});
