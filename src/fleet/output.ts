// A fleet run's stdout: each panel's rows, PROFILE first, through the run's one Writer. JSON,
// YAML and TSV stream as panels answer; a table waits for every panel, since its columns are as
// wide as the widest cell, and so is printed in profile order. `--sort profile` prints the
// streamed formats in profile order too, instead of arrival order.
import type { FleetPart, FleetSink } from '../output/fleet-writer.js';
import type { Column, Writer } from '../output/writer.js';

type Cells = Record<string, string>;
type FleetHeader = Extract<FleetPart, { cells: unknown }>['header'];

export class FleetOutput implements FleetSink {
  private header: FleetHeader | undefined;
  private readonly table: Cells[] = [];
  private readonly held = new Map<string, FleetPart[]>();
  private items = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly out: Writer,
    private readonly sorted: boolean,
  ) {}

  add(profile: string, part: FleetPart): void {
    if (this.sorted) {
      const parts = this.held.get(profile) ?? [];
      parts.push(part);
      this.held.set(profile, parts);
      return;
    }
    this.print(profile, part);
  }

  /** Prints what was held back (sorted by profile) and the table; closes a JSON array. */
  async end(): Promise<void> {
    for (const profile of [...this.held.keys()].sort()) {
      for (const part of this.held.get(profile) ?? []) this.print(profile, part);
    }
    await this.pending;
    if (this.header) {
      // The table waited for every panel anyway: in profile order, each panel's rows as they
      // came (a stable sort on the PROFILE cell), whatever the order the panels answered in.
      const rows = this.table.sort((a, b) => byProfile(a['0'], b['0']));
      await this.out.list(rows, this.columns(this.header));
    }
    if (this.out.format === 'json' || this.out.format === 'yaml')
      await this.out.endItems(this.items);
  }

  private print(profile: string, part: FleetPart): void {
    if ('text' in part) {
      for (const line of part.text.split('\n')) this.out.line(`${profile}: ${line}`);
    } else if ('items' in part) {
      for (const item of part.items) {
        const index = this.items++;
        // YAML is loaded on first use: keep the items in order behind it.
        this.pending = this.pending.then(() => this.out.item(item, index));
      }
    } else {
      this.header ??= part.header;
      const rows = part.cells.map((cells) => Object.fromEntries<string>(cells.entries()));
      if (this.out.format === 'tsv') void this.out.list(rows, this.columns(part.header));
      else this.table.push(...rows);
    }
  }

  /** Table cells were shown (escaped) by each panel's FleetWriter: kept as they are; TSV's raw. */
  private columns(header: FleetHeader): Column<Cells>[] {
    const shown = this.out.format === 'table';
    return header.map((h, i) => ({
      key: String(i),
      header: h.header,
      ...(h.align ? { align: h.align } : {}),
      ...(shown ? { show: (value: string | undefined) => value ?? '' } : {}),
    }));
  }
}

/** The order `--sort profile` holds parts in (end()'s plain sort of the profile names). */
const byProfile = (a = '', b = ''): number => (a < b ? -1 : a > b ? 1 : 0);
