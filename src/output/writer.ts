// The one writer: every command prints data through it, in the format the user chose.
// stdout carries data only; messages go to stderr through Log (src/output/log.ts).
import type { Output } from '../io.js';
import type { Log } from './log.js';
import type { Paint } from './paint.js';
import { escapeControl, invisibleClass, unicodeEscape } from '../text/escape.js';
import { tsvField } from './format.js';
import { resultLines, type QueryFilter } from './query.js';
import { layout } from './table.js';
import { toYaml } from './yaml.js';

export const formats = ['table', 'json', 'tsv', 'yaml'] as const;
export type Format = (typeof formats)[number];

export interface Column<T> {
  key: keyof T & string;
  header: string;
  /** How the table shows the value (JSON, YAML and TSV keep the value itself). */
  show?: (value: T[keyof T & string], row: T) => string;
  align?: 'right';
  /** Where the table combines several fields: TSV prints these raw fields in its place. */
  raw?: readonly (keyof T & string)[];
}

export interface WriterOptions {
  format: Format;
  stdout: Output;
  /** Pretty JSON for a person at a terminal, compact JSON for a pipe. */
  pretty: boolean;
  color: Paint;
  /** At a terminal, tables are cut to fit this many columns (unset when piped, or --wide). */
  fit?: number;
  /** Where an empty list's sentence goes: the Log (stderr) at a terminal; unset, nowhere. */
  log?: Pick<Log, 'info'>;
  /**
   * --query: the data is made as JSON (format 'json') and filtered; the result prints in
   * `output`, as lines of raw cells for TSV and for a string with `rawStrings`. A fleet's items
   * are held and filtered once, when every panel has answered.
   */
  query?: { filter: QueryFilter; output: Exclude<Format, 'table'>; rawStrings: boolean };
}

/**
 * What a command prints through (ctx.out): the Writer, or in a fleet run a panel's FleetWriter
 * (src/output/fleet-writer.ts), which hands the same calls to the run's one Writer.
 */
export interface DataWriter {
  readonly format: Format;
  list<T>(
    rows: readonly T[],
    columns: readonly Column<T>[],
    extra?: { empty?: string; data?: unknown },
  ): Promise<void>;
  record<T extends object>(
    row: T,
    fields: readonly Column<T>[],
    extra?: { data?: unknown },
  ): Promise<void>;
  value(data: unknown): Promise<void>;
  line(text: string): void;
}

export class Writer implements DataWriter {
  /** A fleet's items under --query, filtered together at the end. */
  private readonly held: unknown[] = [];

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
    // An empty list prints nothing but JSON's and YAML's []; the sentence is for a person.
    if (rows.length === 0 && format !== 'json' && format !== 'yaml') {
      if (extra.empty) this.options.log?.info(extra.empty);
      return;
    }
    if (format === 'json' || format === 'yaml') return this.value(extra.data ?? rows);
    if (format === 'tsv') {
      const keys = rawKeys(columns);
      this.lines(rows, (row) => keys.map((k) => tsvField(row[k])).join('\t'));
      return;
    }
    const cells = rows.map((row) => columns.map((c) => showCell(c, row)));
    const table = await layout(
      columns.map((c) => c.header),
      cells,
      columns.map((c) => c.align === 'right'),
      this.options.fit,
    );
    this.options.stdout.write(
      this.options.color.bold(table.line(columns.map((c) => c.header))) + '\n',
    );
    this.lines(cells, table.line);
    if (table.cut)
      this.options.log?.info('Cells cut with … to fit the terminal: --wide shows them in full.');
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
      const keys = rawKeys(fields);
      this.lines([row], (r) => keys.map((k) => tsvField(r[k])).join('\t'));
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
    if (this.options.query) return this.queried(this.options.query, data);
    if (this.options.format === 'yaml') {
      this.options.stdout.write(await toYaml(data));
      return;
    }
    const text = JSON.stringify(data, null, this.options.pretty ? 2 : undefined);
    // JSON escapes C0 controls itself; the invisible characters get \u escapes: exact, and seen.
    this.options.stdout.write(text.replace(invisible, unicodeEscape) + '\n');
  }

  /** Fleet output, streamed: one item of a JSON array or YAML sequence (index 0 opens it). */
  async item(data: unknown, index: number): Promise<void> {
    const { stdout, pretty } = this.options;
    if (this.options.query) {
      this.held.push(data);
      return;
    }
    if (this.options.format === 'yaml') {
      stdout.write(await toYaml([data]));
      return;
    }
    const text = JSON.stringify(data, null, pretty ? 2 : undefined).replace(
      invisible,
      unicodeEscape,
    );
    const shown = pretty ? text.replace(/^/gm, '  ') : text;
    stdout.write((index === 0 ? '[\n' : ',\n') + shown);
  }

  /** Ends a streamed JSON array or YAML sequence of `count` items. */
  async endItems(count: number): Promise<void> {
    if (this.options.query) return this.value(this.held);
    if (count === 0) this.options.stdout.write('[]\n');
    else if (this.options.format === 'json') this.options.stdout.write('\n]\n');
  }

  /**
   * A line of text that is itself the data: a dry run's request, api -i's headers, a help
   * topic. A message about what was done goes to the Log (stderr) instead.
   * It may carry panel text: control characters are escaped, dactl's own line breaks kept.
   */
  line(text: string): void {
    this.options.stdout.write(text.split('\n').map(escapeControl).join('\n') + '\n');
  }

  /** The --query result of `data`, in the output asked for. */
  private async queried(query: NonNullable<WriterOptions['query']>, data: unknown): Promise<void> {
    const result = query.filter(data);
    if (query.output === 'tsv' || (query.rawStrings && typeof result === 'string')) {
      this.lines(resultLines(result), (cells) => cells.map(tsvField).join('\t'));
      return;
    }
    await new Writer({ ...this.options, format: query.output, query: undefined }).value(result);
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

const invisible = new RegExp(`[${invisibleClass}]`, 'g');

/** The fields TSV prints: each column's own, or the raw ones it combines. */
export const rawKeys = <T>(columns: readonly Column<T>[]): (keyof T & string)[] =>
  columns.flatMap((c) => c.raw ?? [c.key]);

export function showCell<T>(column: Column<T>, row: T): string {
  const value = row[column.key];
  // A tab, a line break or an escape sequence inside a cell would break the columns or act on
  // the terminal; show it escaped.
  if (column.show) return escapeControl(column.show(value, row));
  // Every table says yes or no; TSV, JSON and YAML keep true and false for scripts.
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : tsvField(value);
}
