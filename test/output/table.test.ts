// Tables measured in terminal columns (wide characters 2, combining marks 0), cut to fit a
// terminal with `…` (never when piped), and TSV with the raw fields a column combines.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { FleetOutput } from '../../src/fleet/output.js';
import { FleetWriter } from '../../src/output/fleet-writer.js';
import { plain } from '../../src/output/paint.js';
import { cut, fitWidths, measureFor } from '../../src/output/width.js';
import { Writer, type Column, type Format } from '../../src/output/writer.js';

function capture(format: Format, fit?: number): { writer: Writer; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  const options = { format, stdout: stream, pretty: false, color: plain };
  return {
    writer: new Writer(fit === undefined ? options : { ...options, fit }),
    text: () => text,
  };
}

interface Row {
  name: string;
  note: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'NAME' },
  { key: 'note', header: 'NOTE' },
];

describe('display width', () => {
  it('counts wide characters and emoji 2, combining marks 0, ASCII by length', async () => {
    const measure = await measureFor(['ascii', '日本']);
    assert.equal(measure('日本語'), 6);
    assert.equal(measure('ｆｕｌｌ'), 8); // fullwidth forms
    assert.equal(measure('🙂'), 2);
    assert.equal(measure('👩‍💻'), 2); // one emoji sequence
    assert.equal(measure('e\u0301te\u0301'), 3); // é written with a combining accent
    assert.equal(measure('plain text'), 10);
  });

  it('measures all-ASCII text by its length, loading nothing', async () => {
    const measure = await measureFor(['a', 'bc', '']);
    assert.equal(measure.name, 'byLength');
  });

  it('cuts to a width with …, never splitting a wide character', async () => {
    const measure = await measureFor(['日本語のテキスト']);
    assert.equal(cut('abcdefgh', 5, measure), 'abcd…');
    assert.equal(cut('abc', 5, measure), 'abc');
    assert.equal(cut('日本語のテキスト', 6, measure), '日本…');
    assert.equal(cut('日本語のテキスト', 7, measure), '日本語…');
    assert.equal(cut('👩‍💻👩‍💻👩‍💻', 5, measure), '👩‍💻👩‍💻…');
  });

  it('cuts the widest columns to one width, the narrow ones keep theirs', () => {
    assert.deepEqual(fitWidths([4, 30, 50], 100, 2), [4, 30, 50]);
    assert.deepEqual(fitWidths([4, 30, 50], 60, 2), [4, 26, 26]);
    assert.deepEqual(fitWidths([4, 10, 50], 40, 2), [4, 10, 22]);
    // Never below the floor, even when that does not fit.
    assert.deepEqual(fitWidths([10, 10, 10], 8, 2), [4, 4, 4]);
  });
});

describe('tables', () => {
  const wide: Row[] = [
    { name: '日本語', note: 'wide' },
    { name: 'ab', note: '🙂 emoji' },
    { name: 'café', note: 'combining' },
  ];

  it('align by display width', async () => {
    const { writer, text } = capture('table');
    await writer.list(
      wide.map((r) => (r.name === 'café' ? { ...r, name: 'cafe\u0301' } : r)),
      columns,
    );
    assert.equal(
      text(),
      ['NAME    NOTE', '日本語  wide', 'ab      🙂 emoji', 'cafe\u0301    combining', ''].join(
        '\n',
      ),
    );
  });

  const long: Row[] = [
    { name: 'api', note: 'x'.repeat(100) },
    { name: 'shop', note: 'short' },
  ];

  it('at a terminal, cut the widest column with … so each row fits', async () => {
    const { writer, text } = capture('table', 30);
    await writer.list(long, columns);
    const lines = text().trimEnd().split('\n');
    assert.deepEqual(lines, ['NAME  NOTE', `api   ${'x'.repeat(23)}…`, 'shop  short']);
    assert.ok(lines.every((l) => l.length <= 30));
  });

  it('says once on stderr that cells were cut and --wide shows them, only when it cut', async () => {
    for (const [fit, said] of [
      [30, ['Cells cut with … to fit the terminal: --wide shows them in full.']],
      [200, []],
    ] as const) {
      const told: string[] = [];
      const stream = new PassThrough();
      const log = { info: (m: string) => told.push(m) };
      const writer = new Writer({
        format: 'table',
        stdout: stream,
        pretty: false,
        color: plain,
        fit,
        log,
      });
      await writer.list(long, columns);
      assert.deepEqual(told, said);
    }
  });

  it('cut wide characters by their width', async () => {
    const { writer, text } = capture('table', 12);
    await writer.list([{ name: 'a', note: '日本語のテキスト' }], columns);
    assert.equal(text(), 'NAME  NOTE\na     日本…\n');
  });

  it('never cut when piped (no terminal width), nor a table that fits', async () => {
    const piped = capture('table');
    await piped.writer.list(long, columns);
    assert.ok(piped.text().includes('x'.repeat(100)));
    const fits = capture('table', 200);
    await fits.writer.list(long, columns);
    assert.equal(fits.text(), piped.text());
  });

  it('a fleet table fits the terminal too, PROFILE included', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (d: Buffer) => (text += d.toString()));
    const options = { format: 'table' as const, stdout: stream, pretty: false, color: plain };
    const sink = new FleetOutput(new Writer({ ...options, fit: 30 }), false);
    await new FleetWriter('table', 'eu1', sink).list(long, columns);
    await sink.end();
    assert.deepEqual(text.trimEnd().split('\n'), [
      'PROFILE  NAME  NOTE',
      `eu1      api   ${'x'.repeat(14)}…`,
      'eu1      shop  short',
    ]);
  });
});

describe('TSV', () => {
  interface App {
    name: string;
    max: number;
    spare: number | null;
    idle: number | null;
  }
  const appColumns: Column<App>[] = [
    { key: 'name', header: 'NAME' },
    {
      key: 'max',
      header: 'PROCESSES',
      show: (_, r) => (r.spare === null ? String(r.max) : `${String(r.spare)}-${String(r.max)}`),
      raw: ['max', 'spare', 'idle'],
    },
  ];
  const apps: App[] = [
    { name: 'api', max: 4, spare: 1, idle: 20 },
    { name: 'app', max: 2, spare: null, idle: null },
  ];

  it('prints the raw fields a table column combines, one field each', async () => {
    const table = capture('table');
    await table.writer.list(apps, appColumns);
    assert.equal(table.text(), 'NAME  PROCESSES\napi   1-4\napp   2\n');
    const tsv = capture('tsv');
    await tsv.writer.list(apps, appColumns);
    assert.equal(tsv.text(), 'api\t4\t1\t20\napp\t2\t\t\n');
    const record = capture('tsv');
    await record.writer.record(apps[0] as App, appColumns);
    assert.equal(record.text(), 'api\t4\t1\t20\n');
  });

  it('in a fleet too, PROFILE first', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (d: Buffer) => (text += d.toString()));
    const options = { format: 'tsv' as const, stdout: stream, pretty: false, color: plain };
    const sink = new FleetOutput(new Writer(options), false);
    await new FleetWriter('tsv', 'eu1', sink).list(apps, appColumns);
    await sink.end();
    assert.equal(text, 'eu1\tapi\t4\t1\t20\neu1\tapp\t2\t\t\n');
  });
});
