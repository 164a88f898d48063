/** Every k-element subset of items (k <= items.length), in lexicographic order: the samples a labelled chain enumerates. */
export function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [head, ...s]), ...subsets(rest, k)];
}

/** Every sequence of k items with repeats (items.length^k of them), first item slowest: the samples with replacement. */
export function tuples<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((head) => tuples(items, k - 1).map((rest) => [head, ...rest]));
}
