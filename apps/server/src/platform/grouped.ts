/**
 * The items in lists by key, each list in the items' order, the keys in the order first met: a
 * page's rows grouped under what they belong to (a meeting's rooms and people, a room's data by
 * kind). `itemOf` makes each item what its list holds.
 */
export function groupedBy<T, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  itemOf: (item: T) => V = (item) => item as unknown as V,
): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(itemOf(item));
    else groups.set(key, [itemOf(item)]);
  }
  return groups;
}
