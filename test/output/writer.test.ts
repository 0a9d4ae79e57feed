import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { humanBytes, tsvField } from '../../src/output/format.js';
import { plain } from '../../src/output/paint.js';
import { Writer, type Column, type Format, type WriterOptions } from '../../src/output/writer.js';

interface Row {
  name: string;
  size: number;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'NAME' },
  { key: 'size', header: 'SIZE', align: 'right', show: (v) => humanBytes(Number(v)) },
];

function capture(
  format: Format,
  pretty = false,
  more: Partial<WriterOptions> = {},
): { writer: Writer; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return {
    writer: new Writer({ format, stdout: stream, pretty, color: plain, ...more }),
    text: () => text,
  };
}

const rows: Row[] = [
  { name: 'a', size: 1536 },
  { name: 'long\tname', size: 0 },
];

describe('Writer', () => {
  it('aligns table columns, right-aligning numbers', async () => {
    const { writer, text } = capture('table');
    await writer.list(rows, columns);
    assert.equal(text(), 'NAME           SIZE\na           1.5 KiB\nlong\\tname      0 B\n');
  });

  it('prints JSON of the data (compact for pipes, pretty at a terminal)', async () => {
    const compact = capture('json');
    await compact.writer.list(rows, columns);
    assert.equal(compact.text(), JSON.stringify(rows) + '\n');
    const pretty = capture('json', true);
    await pretty.writer.list(rows, columns, { data: { all: rows } });
    assert.equal(pretty.text(), JSON.stringify({ all: rows }, null, 2) + '\n');
  });

  it('prints TSV without header, escaping tabs and newlines', async () => {
    const { writer, text } = capture('tsv');
    await writer.list(rows, columns);
    assert.equal(text(), 'a\t1536\nlong\\tname\t0\n');
    assert.equal(tsvField('a\nb\\c'), 'a\\nb\\\\c');
  });

  it('prints YAML', async () => {
    const { writer, text } = capture('yaml');
    await writer.list(rows, columns);
    assert.equal(text(), '- name: a\n  size: 1536\n- name: long\tname\n  size: 0\n');
  });

  it('prints nothing for an empty list but JSON and YAML [], and says so through the log', async () => {
    for (const format of ['table', 'tsv'] as const) {
      const said: string[] = [];
      const { writer, text } = capture(format, false, { log: { info: (m) => said.push(m) } });
      await writer.list([], columns, { empty: 'Nothing.' });
      assert.equal(text(), '', format);
      assert.deepEqual(said, ['Nothing.'], format);
    }
    for (const format of ['json', 'yaml'] as const) {
      const said: string[] = [];
      const { writer, text } = capture(format, false, { log: { info: (m) => said.push(m) } });
      await writer.list([], columns, { empty: 'Nothing.' });
      assert.equal(text(), '[]\n', format);
      assert.deepEqual(said, [], format);
    }
    // Piped (no log given): nothing anywhere.
    const piped = capture('table');
    await piped.writer.list([], columns, { empty: 'Nothing.' });
    assert.equal(piped.text(), '');
  });

  it('prints one record as aligned key/value lines', async () => {
    const { writer, text } = capture('table');
    await writer.record({ name: 'x', size: 2048 }, columns);
    assert.equal(text(), 'NAME  x\nSIZE  2.0 KiB\n');
  });

  it('grows linearly: 10,000 rows in one write', async () => {
    const { writer, text } = capture('table');
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `db${String(i)}`, size: i }));
    await writer.list(many, columns);
    assert.equal(text().split('\n').length, 10_002);
  });
});

describe('Writer at any size', () => {
  // Math.max(...cells) overflowed the stack at about 120,000 rows.
  const many = Array.from({ length: 200_000 }, (_, i) => ({ name: `db${String(i)}`, size: i }));

  it('prints 200,000 rows as a table, aligned to the widest cell', async () => {
    const stream = new PassThrough();
    let lines = 0;
    let last = '';
    stream.on('data', (d: Buffer) => {
      const text = d.toString();
      lines += text.split('\n').length - 1;
      last = text;
    });
    await new Writer({ format: 'table', stdout: stream, pretty: false, color: plain }).list(
      many,
      columns,
    );
    assert.equal(lines, 200_001);
    assert.ok(last.endsWith('db199999  195.3 KiB\n'), last.slice(-40));
  });

  it('prints 200,000 rows as TSV, in blocks rather than a write per row', async () => {
    const stream = new PassThrough();
    let lines = 0;
    let writes = 0;
    stream.on('data', (d: Buffer) => {
      writes += 1;
      lines += d.toString().split('\n').length - 1;
    });
    await new Writer({ format: 'tsv', stdout: stream, pretty: false, color: plain }).list(
      many,
      columns,
    );
    assert.equal(lines, 200_000);
    assert.ok(writes < 200, `${String(writes)} writes`);
  });
});

describe('humanBytes', () => {
  it('uses binary units with one decimal', () => {
    assert.equal(humanBytes(0), '0 B');
    assert.equal(humanBytes(1023), '1023 B');
    assert.equal(humanBytes(1024), '1.0 KiB');
    assert.equal(humanBytes(52 * 1024 * 1024), '52.0 MiB');
    assert.equal(humanBytes(3 * 1024 ** 4), '3.0 TiB');
  });
});
