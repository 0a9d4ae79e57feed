// Work over many items, a bounded number at a time (panels, accounts, probes are not to be
// flooded); results keep the items' order.

/** `work` over every item, at most `atOnce` running together; the results in item order. */
export async function mapPooled<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return out;
}
