// Each panel's FleetWriter with the fleet's output: PROFILE first, profile-tagged JSON and YAML,
// {profile, result} for single values, escaping done once, arrival or profile order.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { FleetOutput } from '../../src/fleet/output.js';
import { FleetWriter } from '../../src/output/fleet-writer.js';
import { plain } from '../../src/output/paint.js';
import { Writer, type Column, type Format } from '../../src/output/writer.js';

interface Row {
  name: string;
  size: number;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'NAME' },
  { key: 'size', header: 'SIZE', align: 'right' },
];

async function fleetRun(
  format: Format,
  sorted: boolean,
  act: (writer: (profile: string) => FleetWriter) => Promise<void>,
): Promise<string> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  const out = new Writer({ format, stdout: stream, pretty: false, color: plain });
  const sink = new FleetOutput(out, sorted);
  await act((profile) => new FleetWriter(format, profile, sink));
  await sink.end();
  return text;
}

describe('FleetWriter', () => {
  const both = async (w: (p: string) => FleetWriter): Promise<void> => {
    await w('zz').list([{ name: 'a\tb', size: 1 }], columns);
    await w('aa').list([{ name: 'c', size: 22 }], columns);
  };

  it('a table has PROFILE first, one table for every panel, in profile order', async () => {
    const table = 'PROFILE  NAME  SIZE\naa       c       22\nzz       a\\tb     1\n';
    assert.equal(await fleetRun('table', false, both), table);
    assert.equal(await fleetRun('table', true, both), table);
    // Each panel's own rows stay in the order it gave them.
    const several = await fleetRun('table', false, async (w) => {
      await w('mm').list(
        [
          { name: 'z', size: 1 },
          { name: 'a', size: 2 },
        ],
        columns,
      );
      await w('bb').list([{ name: 'q', size: 3 }], columns);
    });
    assert.equal(
      several,
      'PROFILE  NAME  SIZE\nbb       q        3\nmm       z        1\nmm       a        2\n',
    );
  });

  it('TSV streams PROFILE first, escaped once; --sort profile orders by profile', async () => {
    assert.equal(await fleetRun('tsv', false, both), 'zz\ta\\tb\t1\naa\tc\t22\n');
    assert.equal(await fleetRun('tsv', true, both), 'aa\tc\t22\nzz\ta\\tb\t1\n');
  });

  it('JSON: one array, a profile member in each record, {profile, result} otherwise', async () => {
    const text = await fleetRun('json', true, async (w) => {
      await both(w);
      await w('mm').value({ ok: true });
      await w('mm').record({ name: 'x', size: 3 }, columns);
      await w('mm').list([], columns, { data: { not: 'a list' } });
    });
    assert.deepEqual(JSON.parse(text), [
      { profile: 'aa', name: 'c', size: 22 },
      { profile: 'mm', result: { ok: true } },
      { profile: 'mm', result: { name: 'x', size: 3 } },
      { profile: 'mm', result: { not: 'a list' } },
      { profile: 'zz', name: 'a\tb', size: 1 },
    ]);
    assert.equal(await fleetRun('json', false, async () => {}), '[]\n');
  });

  it('YAML: one sequence of tagged records', async () => {
    const text = await fleetRun('yaml', false, both);
    assert.equal(
      text,
      '- profile: zz\n  name: a\tb\n  size: 1\n- profile: aa\n  name: c\n  size: 22\n',
    );
  });

  it("lines of text (a dry run's request) carry their profile", async () => {
    const text = await fleetRun('table', false, async (w) => {
      w('eu1').line('POST /CMD_ACCOUNT_USER\nusername=fred');
    });
    assert.equal(text, 'eu1: POST /CMD_ACCOUNT_USER\neu1: username=fred\n');
  });

  it('an empty list adds nothing: no table, no TSV line, [] in JSON', async () => {
    const none = async (w: (p: string) => FleetWriter): Promise<void> => {
      await w('eu1').list([], columns, { empty: 'No rows.' });
    };
    assert.equal(await fleetRun('table', false, none), '');
    assert.equal(await fleetRun('tsv', false, none), '');
    assert.equal(await fleetRun('json', false, none), '[]\n');
  });
});
