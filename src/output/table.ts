// A table's layout: each column as wide as its widest cell, measured in terminal columns. At a
// terminal (`fit` set) a table wider than the screen has its widest columns cut with `…`, so
// every row stays on one line; piped output is never cut.
import { cut, fitWidths, measureFor } from './width.js';

const gap = 2;

export interface Layout {
  /** One row (or the header) as a line, padded to the columns, without trailing blanks. */
  line: (cells: readonly string[]) => string;
  /** Whether some column is narrower than its widest cell (cells are cut with `…`). */
  cut: boolean;
}

export async function layout(
  header: readonly string[],
  cells: readonly (readonly string[])[],
  right: readonly boolean[],
  fit: number | undefined,
): Promise<Layout> {
  const measure = await measureFor(everyText(header, cells));
  // Loops, not Math.max(...cells): spreading 200,000 values overflows the stack.
  const natural = header.map(measure);
  for (const row of cells) {
    row.forEach((text, i) => {
      natural[i] = Math.max(natural[i] ?? 0, measure(text));
    });
  }
  const widths = fit === undefined ? natural : fitWidths(natural, fit, gap);
  const cutAny = widths.some((w, i) => w < (natural[i] ?? 0));
  return {
    cut: cutAny,
    line: (row) =>
      row
        .map((cell, i) => {
          const width = widths[i] ?? 0;
          const text = cutAny ? cut(cell, width, measure) : cell;
          const pad = ' '.repeat(Math.max(0, width - measure(text)));
          return right[i] ? pad + text : text + pad;
        })
        .join(' '.repeat(gap))
        .trimEnd(),
  };
}

function* everyText(
  header: readonly string[],
  cells: readonly (readonly string[])[],
): Generator<string> {
  yield* header;
  for (const row of cells) yield* row;
}
