// A panel's writer in a fleet run (src/fleet/): the Writer's calls, but what a command prints is
// handed to the fleet's sink as parts tagged with the panel's profile, and the run's one Writer
// prints them all (src/fleet/output.ts).
import type { Log } from './log.js';
import { escapeControl } from '../text/escape.js';
import { cellText } from './format.js';
import { rawKeys, showCell, type Column, type DataWriter, type Format } from './writer.js';

/** One panel's share of a fleet run's output, made by its FleetWriter in the run's format. */
export type FleetPart =
  | { header: { header: string; align?: 'right' }[]; cells: string[][] }
  | { items: unknown[] }
  | { text: string };

export interface FleetSink {
  add(profile: string, part: FleetPart): void;
}

export class FleetWriter implements DataWriter {
  constructor(
    readonly format: Format,
    private readonly profile: string,
    private readonly sink: FleetSink,
    /** Where an empty list's sentence goes, at a terminal only (as the Writer's `log`). */
    private readonly log?: Pick<Log, 'info'>,
  ) {}

  list<T>(
    rows: readonly T[],
    columns: readonly Column<T>[],
    extra: { empty?: string; data?: unknown } = {},
  ): Promise<void> {
    if (rows.length === 0 && this.format !== 'json' && this.format !== 'yaml') {
      if (extra.empty) this.log?.info(extra.empty);
    } else this.rows(rows, columns, extra.data ?? rows);
    return Promise.resolve();
  }

  record<T extends object>(
    row: T,
    fields: readonly Column<T>[],
    extra: { data?: unknown } = {},
  ): Promise<void> {
    this.rows([row], fields, extra.data ?? row);
    return Promise.resolve();
  }

  /** JSON and YAML: `{profile, result}`; a table or TSV shows the value as a line of JSON. */
  value(data: unknown): Promise<void> {
    if (this.format === 'json' || this.format === 'yaml') {
      this.sink.add(this.profile, { items: [{ profile: this.profile, result: data }] });
    } else this.line(JSON.stringify(data));
    return Promise.resolve();
  }

  line(text: string): void {
    this.sink.add(this.profile, { text: text.split('\n').map(escapeControl).join('\n') });
  }

  /**
   * A panel's rows: a PROFILE column first in tables and TSV; in JSON and YAML a `profile`
   * member in each record, or `{profile, result}` for anything else.
   */
  private rows<T>(rows: readonly T[], columns: readonly Column<T>[], data: unknown): void {
    const { profile, format } = this;
    if (format === 'json' || format === 'yaml') {
      const tag = (item: unknown): unknown =>
        typeof item === 'object' && item !== null && !Array.isArray(item)
          ? { profile, ...item }
          : { profile, result: item };
      const items = Array.isArray(data) ? data.map(tag) : [{ profile, result: data }];
      this.sink.add(profile, { items });
      return;
    }
    // TSV cells stay raw, one field each: the run's Writer escapes them on the way out.
    const tsv = format === 'tsv';
    const keys = rawKeys(columns);
    this.sink.add(profile, {
      header: [
        { header: 'PROFILE' },
        ...(tsv
          ? keys.map((header) => ({ header }))
          : columns.map(({ header, align }) => (align ? { header, align } : { header }))),
      ],
      cells: rows.map((row) => [
        profile,
        ...(tsv ? keys.map((k) => cellText(row[k])) : columns.map((c) => showCell(c, row))),
      ]),
    });
  }
}
