import type { SimStore } from './store.ts';
import { listOf } from './types.ts';

type Node = Record<string, unknown>;

/**
 * Stripe's `expand[]`: each dotted path replaces an id with its object (`data` steps into a
 * list's items). Customers' `tax_ids` is an includable list, shown only when expanded.
 */
export async function expand(s: SimStore, root: Node, paths: string[]): Promise<Node> {
  const out = structuredClone(root);
  for (const path of paths) {
    if (out.object === 'customer' && path === 'tax_ids') {
      const ids = (
        await s.list<Node & { id: string; object: string }>('tax_id', out.id as string)
      ).filter((t) => !t.deleted);
      out.tax_ids = listOf(ids, `/v1/customers/${out.id}/tax_ids`);
      continue;
    }
    await step(s, out, path.split('.'));
  }
  return out;
}

async function step(s: SimStore, node: Node, segments: string[]): Promise<void> {
  const [head, ...rest] = segments;
  if (!head) return;
  if (node.object === 'list' && head === 'data') {
    for (const item of node.data as Node[]) await step(s, item, rest);
    return;
  }
  const value = node[head];
  if (typeof value === 'string') {
    const found = await s.find(value);
    if (!found) return;
    const copy = structuredClone(found) as Node;
    node[head] = copy;
    await step(s, copy, rest);
  } else if (value && typeof value === 'object') {
    await step(s, value as Node, rest);
  }
}
