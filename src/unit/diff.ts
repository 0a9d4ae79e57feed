// A small line diff of two pretty-printed JSON values, for `modify` to show what it will send.
// Definitions are a few dozen lines, so a plain longest-common-subsequence table is enough.

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** Whether two JSON values are equal, whatever the order of their object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] ?? [];
    const below = lcs[i + 1] ?? [];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ op: ' ', text: a[i++] ?? '' });
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))
    ) {
      lines.push({ op: '+', text: b[j++] ?? '' });
    } else {
      lines.push({ op: '-', text: a[i++] ?? '' });
    }
  }
  return reorder(lines);
}

// Within a run of changes, removals first and additions after, as `diff -u` shows them.
function reorder(lines: DiffLine[]): DiffLine[] {
  const out: DiffLine[] = [];
  let run: DiffLine[] = [];
  const flush = (): void => {
    out.push(...run.filter((l) => l.op === '-'), ...run.filter((l) => l.op === '+'));
    run = [];
  };
  for (const line of lines) {
    if (line.op === ' ') {
      flush();
      out.push(line);
    } else {
      run.push(line);
    }
  }
  flush();
  return out;
}

/** The changed lines with `context` lines around them; skipped stretches become one "…" line. */
export function hunks(lines: DiffLine[], context = 3): (DiffLine | '…')[] {
  const keep = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) {
      keep[k] = true;
    }
  });
  const out: (DiffLine | '…')[] = [];
  lines.forEach((line, i) => {
    if (keep[i]) out.push(line);
    else if (out.at(-1) !== '…') out.push('…');
  });
  return out;
}

/** Pretty JSON of each value, diffed line by line; empty when nothing changed. */
export function jsonDiff(before: unknown, after: unknown): DiffLine[] {
  if (sameJson(before, after)) return [];
  return lineDiff(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2));
}
