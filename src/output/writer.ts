// The one writer: every command prints data through it, in the format the user chose.
// stdout carries data only; messages go to stderr through Log (src/output/log.ts).
import type { Paint } from './paint.js';
import { tsvField, visibleWidth } from './format.js';

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
      for (const row of rows) this.line(columns.map((c) => tsvField(row[c.key])).join('\t'));
      return;
    }
    if (rows.length === 0) {
      if (extra.empty) this.line(extra.empty);
      return;
    }
    const cells = rows.map((row) => columns.map((c) => showCell(c, row)));
    const widths = columns.map((c, i) =>
      Math.max(c.header.length, ...cells.map((r) => visibleWidth(r[i] ?? ''))),
    );
    const pad = (text: string, i: number): string => {
      const gap = ' '.repeat((widths[i] ?? 0) - visibleWidth(text));
      return columns[i]?.align === 'right' ? gap + text : text + gap;
    };
    const bold = this.options.color.bold;
    this.line(
      bold(
        columns
          .map((c, i) => pad(c.header, i))
          .join('  ')
          .trimEnd(),
      ),
    );
    // One write for the whole table keeps output cost linear in the number of rows.
    this.options.stdout.write(
      cells
        .map((r) =>
          r
            .map((text, i) => pad(text, i))
            .join('  ')
            .trimEnd(),
        )
        .join('\n') + '\n',
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
      this.line(fields.map((f) => tsvField(row[f.key])).join('\t'));
      return;
    }
    const width = Math.max(...fields.map((f) => f.header.length));
    for (const f of fields) {
      this.line(`${this.options.color.bold(f.header.padEnd(width))}  ${showCell(f, row)}`);
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
    this.line(JSON.stringify(data, null, this.options.pretty ? 2 : undefined));
  }

  /** A plain line of result text, e.g. "User fred created" (tables only; scripts get data). */
  line(text: string): void {
    this.options.stdout.write(text + '\n');
  }
}

function showCell<T>(column: Column<T>, row: T): string {
  const value = row[column.key];
  // A tab or line break inside a cell would break the columns; show it escaped.
  return column.show ? column.show(value, row) : tsvField(value);
}
