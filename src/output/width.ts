// How many terminal columns a cell takes, and how to cut one to fit. Printable ASCII is one
// column a character, measured by its length: large lists stay linear and load nothing more.
// Anything else goes to string-width (East Asian wide and fullwidth characters and emoji take 2,
// combining marks 0), loaded only when some cell needs it.

type Measure = (text: string) => number;

const printableAscii = /^[\x20-\x7e]*$/;
export const isPrintableAscii = (text: string): boolean => printableAscii.test(text);
/** A printable ASCII text's width. */
export const byLength: Measure = (text) => text.length;
let stringWidth: Promise<Measure> | undefined;

/**
 * The measure for these texts: their length when all are printable ASCII, else string-width's,
 * remembered per text (a table measures each cell twice, and cutting measures characters).
 */
export async function measureFor(texts: Iterable<string>): Promise<Measure> {
  for (const text of texts) {
    if (printableAscii.test(text)) continue;
    const measure = await (stringWidth ??= import('string-width').then((m) => m.default));
    const known = new Map<string, number>();
    return (t) => {
      if (printableAscii.test(t)) return t.length;
      let width = known.get(t);
      if (width === undefined) known.set(t, (width = measure(t)));
      return width;
    };
  }
  return byLength;
}

let graphemes: Intl.Segmenter | undefined;

/** `text` cut to at most `width` columns, ending in `…` when anything was cut. */
export function cut(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  if (width < 1) return '';
  if (measure === byLength || printableAscii.test(text)) return text.slice(0, width - 1) + '…';
  // Whole characters only: a wide character or an emoji sequence is never split.
  let kept = '';
  let used = 0;
  for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(text)) {
    const w = measure(segment);
    if (used + w > width - 1) break;
    kept += segment;
    used += w;
  }
  return kept + '…';
}

/**
 * Column widths that fit `room` terminal columns with `gap` between columns: the widest columns
 * are cut to one common width (never below `floor`), the narrower ones keep theirs. Widths that
 * already fit are returned as they are.
 */
export function fitWidths(
  widths: readonly number[],
  room: number,
  gap: number,
  floor = 4,
): number[] {
  const space = room - gap * Math.max(0, widths.length - 1);
  const total = (level: number): number => widths.reduce((sum, w) => sum + Math.min(w, level), 0);
  const widest = widths.reduce((most, w) => Math.max(most, w), 0);
  if (total(widest) <= space) return [...widths];
  // The largest common width that fits (a binary search: the total grows with the width).
  let low = Math.min(floor, widest);
  let high = widest;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (total(mid) <= space) low = mid;
    else high = mid - 1;
  }
  return widths.map((w) => Math.min(w, low));
}
