// The one writer: every command prints data through it, in the format the user chose.
// stdout carries data only; messages go to stderr through Log (src/output/log.ts).
import type { Paint } from './paint.js';
import { escapeControl, tsvField, visibleWidth } from './format.js';

export const formats = ['table', 'json', 'tsv', 'yaml'] as const;
export type Format = (typeof formats)[number];

export interface Column<T> {
  key: keyof T & string;
  header: string;
  /** How the table shows the value (JSON, YAML and TSV keep the value itself). */
  show?: (value: T[keyof T & string], row: T) => string;
  align?: 'right';
}

export interface WriterOptions {
  format: Format;
  stdout: NodeJS.WritableStream;
  /** Pretty JSON for a person at a terminal, compact JSON for a pipe. */
  pretty: boolean;
  color: Paint;
}

export class Writer {
  constructor(private readonly options: WriterOptions) {}

  get format(): Format {
    return this.options.format;
  }

  /**
   * A list of records. `data` is what JSON and YAML print (default: the rows themselves),
   * so a command can hand the panel's own records to scripts while the table shows columns.
   */
  async list<T>(
    rows: readonly T[],
    columns: readonly Column<T>[],
    extra: { empty?: string; data?: unknown } = {},
  ): Promise<void> {
    const { format } = this.options;
    if (format === 'json' || format === 'yaml') return this.value(extra.data ?? rows);
    if (format === 'tsv') {
      this.lines(rows, (row) => columns.map((c) => tsvField(row[c.key])).join('\t'));
      return;
    }
    if (rows.length === 0) {
      if (extra.empty) this.line(extra.empty);
      return;
    }
    // Loops, not Math.max(...cells): spreading 200,000 values overflows the stack.
    const cells = rows.map((row) => columns.map((c) => showCell(c, row)));
    const widths = columns.map((c) => visibleWidth(c.header));
    for (const row of cells) {
      row.forEach((text, i) => {
        widths[i] = Math.max(widths[i] ?? 0, visibleWidth(text));
      });
    }
    const pad = (text: string, i: number): string => {
      const gap = ' '.repeat((widths[i] ?? 0) - visibleWidth(text));
      return columns[i]?.align === 'right' ? gap + text : text + gap;
    };
    const header = columns
      .map((c, i) => pad(c.header, i))
      .join('  ')
      .trimEnd();
    this.options.stdout.write(this.options.color.bold(header) + '\n');
    this.lines(cells, (row) =>
      row
        .map((text, i) => pad(text, i))
        .join('  ')
        .trimEnd(),
    );
  }

  /** One record: "key: value" lines in a table, one TSV line, or the object itself. */
  async record<T extends object>(
    row: T,
    fields: readonly Column<T>[],
    extra: { data?: unknown } = {},
  ): Promise<void> {
    const { format } = this.options;
    if (format === 'json' || format === 'yaml') return this.value(extra.data ?? row);
    if (format === 'tsv') {
      this.lines([row], (r) => fields.map((f) => tsvField(r[f.key])).join('\t'));
      return;
    }
    const width = fields.reduce((most, f) => Math.max(most, f.header.length), 0);
    for (const f of fields) {
      const label = this.options.color.bold(f.header.padEnd(width));
      this.options.stdout.write(`${label}  ${showCell(f, row)}\n`);
    }
  }

  /** Any value as JSON or YAML; a table or TSV shows it as JSON too, since it has no columns. */
  async value(data: unknown): Promise<void> {
    if (this.options.format === 'yaml') {
      // yaml is CommonJS: its functions hang off the default export once bundled.
      const yaml = (await import('yaml')).default;
      this.options.stdout.write(yaml.stringify(data));
      return;
    }
    const text = JSON.stringify(data, null, this.options.pretty ? 2 : undefined);
    // JSON escapes C0 controls itself; C1 controls and bidirectional overrides get \u escapes.
    this.options.stdout.write(text.replace(invisible, jsonEscape) + '\n');
  }

  /**
   * A plain line of result text, e.g. "User fred created" (tables only; scripts get data).
   * It may carry panel text: control characters are escaped, dactl's own line breaks kept.
   */
  line(text: string): void {
    this.options.stdout.write(text.split('\n').map(escapeControl).join('\n') + '\n');
  }

  /** One line per item, made one at a time and written in blocks: linear in the rows. */
  private lines<R>(items: readonly R[], make: (item: R) => string): void {
    let block = '';
    for (const item of items) {
      block += make(item) + '\n';
      if (block.length >= 65_536) {
        this.options.stdout.write(block);
        block = '';
      }
    }
    if (block) this.options.stdout.write(block);
  }
}

const invisible = /[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const jsonEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

function showCell<T>(column: Column<T>, row: T): string {
  const value = row[column.key];
  // A tab, a line break or an escape sequence inside a cell would break the columns or act on
  // the terminal; show it escaped.
  return column.show ? escapeControl(column.show(value, row)) : tsvField(value);
}
