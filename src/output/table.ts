// A table's layout: each column as wide as its widest cell, measured in terminal columns. At a
// terminal (`fit` set) a table wider than the screen has its widest columns cut with `…`, so
// every row stays on one line; piped output is never cut.
import { byLength, cut, fitWidths, isPrintableAscii, measureFor } from './width.js';

const gap = 2;

interface Layout {
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
  // One pass for the common case, printable ASCII, where a cell's width is its length; indexed
  // loops, since a long list runs them before V8 has optimised anything.
  const natural = header.map((text) => text.length);
  let plain = header.every(isPrintableAscii);
  for (const row of cells) {
    for (let i = 0; i < row.length; i++) {
      const text = row[i] ?? '';
      if (plain && !isPrintableAscii(text)) plain = false;
      if (text.length > (natural[i] ?? 0)) natural[i] = text.length;
    }
  }
  const measure = plain ? byLength : await measureFor(everyText(header, cells));
  if (!plain) {
    natural.fill(0);
    for (const row of [header, ...cells]) {
      row.forEach((text, i) => {
        natural[i] = Math.max(natural[i] ?? 0, measure(text));
      });
    }
  }
  const widths = fit === undefined ? natural : fitWidths(natural, fit, gap);
  const cutAny = widths.some((w, i) => w < (natural[i] ?? 0));
  const blank = ' '.repeat(Math.max(0, ...widths));
  const between = ' '.repeat(gap);
  return {
    cut: cutAny,
    line: (row) => {
      let line = '';
      for (let i = 0; i < row.length; i++) {
        const width = widths[i] ?? 0;
        const text = cutAny ? cut(row[i] ?? '', width, measure) : (row[i] ?? '');
        const pad = blank.slice(0, Math.max(0, width - measure(text)));
        if (i > 0) line += between;
        line += right[i] ? pad + text : text + pad;
      }
      return line.trimEnd();
    },
  };
}

function* everyText(
  header: readonly string[],
  cells: readonly (readonly string[])[],
): Generator<string> {
  yield* header;
  for (const row of cells) yield* row;
}
