// A line diff of two pretty-printed JSON values, for `modify` and `route set` to show what they
// will send. jsdiff's Myers diff costs about (lines × edits), so a 40,000-line definition with a
// small change is quick; it is loaded only here, so no other command pays for it.
import { isRecord } from '../json/record.js';

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

// Past this many changed lines the middle is shown as removed then added, whole: the search
// would cost time and memory for a diff too long to read anyway.
const maxEdits = 1000;

/** Whether two JSON values are equal, whatever the order of their object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

export async function lineDiff(before: string, after: string): Promise<DiffLine[]> {
  const a = before.split('\n');
  const b = after.split('\n');
  // The common head and tail cost one pass; only the middle goes to the diff.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const same = (lines: string[]): DiffLine[] => lines.map((text) => ({ op: ' ', text }));
  const oldMiddle = a.slice(head, a.length - tail);
  const newMiddle = b.slice(head, b.length - tail);
  return [
    ...same(a.slice(0, head)),
    ...(await middleDiff(oldMiddle, newMiddle)),
    ...same(a.slice(a.length - tail)),
  ];
}

async function middleDiff(a: string[], b: string[]): Promise<DiffLine[]> {
  const replaced = (): DiffLine[] => [
    ...a.map((text) => ({ op: '-' as const, text })),
    ...b.map((text) => ({ op: '+' as const, text })),
  ];
  if (a.length === 0 || b.length === 0) return replaced();
  const { diffArrays } = await import('diff/lib/diff/array.js');
  const changes = diffArrays(a, b, { maxEditLength: maxEdits });
  if (changes === undefined) return replaced();
  const lines: DiffLine[] = [];
  for (const change of changes) {
    const op = change.added ? '+' : change.removed ? '-' : ' ';
    for (const text of change.value) lines.push({ op, text });
  }
  return reorder(lines);
}

// Within a run of changes, removals first and additions after, as `diff -u` shows them.
function reorder(lines: DiffLine[]): DiffLine[] {
  const out: DiffLine[] = [];
  let run: DiffLine[] = [];
  const flush = (): void => {
    for (const line of run) if (line.op === '-') out.push(line);
    for (const line of run) if (line.op === '+') out.push(line);
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
export async function jsonDiff(before: unknown, after: unknown): Promise<DiffLine[]> {
  if (sameJson(before, after)) return [];
  return lineDiff(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2));
}
