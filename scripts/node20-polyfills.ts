// Vitest 5 calls Map.groupBy / Object.groupBy, which Node 20 lacks (Node 21 has them).
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
const maps = Map as unknown as { groupBy?: GroupBy };
maps.groupBy ??= (items, key) => {
  const out = new Map();
  let i = 0;
  for (const item of items) {
    const k = key(item, i++);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};
const objects = Object as unknown as { groupBy?: (items: Iterable<unknown>, key: (item: unknown, i: number) => PropertyKey) => object };
objects.groupBy ??= (items, key) => Object.fromEntries((maps.groupBy as GroupBy)(items, key));
export {};
