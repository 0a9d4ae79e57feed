import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { isFleetSelection, selectProfiles } from '../../src/fleet/select.js';

const saved = ['eu1', 'eu2', 'prod-a', 'prod-b', 'staging', 'us1'];
const select = (value: string): string[] => selectProfiles(value, saved, '--profile');

describe('fleet selection', () => {
  test('one plain name is not a fleet; a list or a glob is', () => {
    assert.equal(isFleetSelection('prod'), false);
    assert.equal(isFleetSelection(undefined), false);
    assert.equal(isFleetSelection('eu1,eu2'), true);
    assert.equal(isFleetSelection('prod-*'), true);
    assert.equal(isFleetSelection('eu?'), true);
    assert.equal(isFleetSelection('eu[12]'), true);
  });

  test('lists keep the order given, globs the saved order, each profile once', () => {
    assert.deepEqual(select('eu2,eu1'), ['eu2', 'eu1']);
    assert.deepEqual(select('prod-*'), ['prod-a', 'prod-b']);
    assert.deepEqual(select('eu?,us1'), ['eu1', 'eu2', 'us1']);
    assert.deepEqual(select('eu[2],*1'), ['eu2', 'eu1', 'us1']);
    assert.deepEqual(select('eu[!1]'), ['eu2']);
    assert.deepEqual(select('eu1, eu1 ,eu*'), ['eu1', 'eu2']);
    assert.deepEqual(select('*'), saved);
  });

  test('a glob is whole-name: dots and dashes are literal', () => {
    assert.deepEqual(selectProfiles('a.b*', ['a.b1', 'axb1'], '-p'), ['a.b1']);
    assert.deepEqual(select('e*1'), ['eu1']);
    assert.deepEqual(select('prod-?'), ['prod-a', 'prod-b']);
    assert.throws(() => select('prod'), /no profile named "prod"/);
  });

  test('unknown names, empty globs, empty items and bad sets are usage errors', () => {
    for (const bad of ['eu1,nope', 'zz-*', 'eu1,,eu2', 'eu1,', 'eu[12', 'eu[$]', 'bad name,eu1']) {
      assert.throws(() => select(bad), UsageError, bad);
    }
    assert.throws(() => select('nope,eu1'), /no profile named "nope"/);
    assert.throws(() => select('zz-*'), /"zz-\*": no saved profile matches/);
  });
});
