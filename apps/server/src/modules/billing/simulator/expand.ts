import { taxIdsOf } from './customers.ts';
import type { SimStore } from './store.ts';
import { subscriptionsOf } from './subscriptions.ts';
import { type List, listOf } from './types.ts';

type Node = Record<string, unknown>;

/** Stripe shows this many items of an included list (more: `has_more`). */
const INCLUDED_LIMIT = 10;

/**
 * A customer's includable lists, shown only when expanded: its tax ids, and its current
 * subscriptions (not canceled, newest first), whose fields can be expanded further.
 */
const includable = new Map<string, (s: SimStore, customerId: string) => Promise<List<unknown>>>([
  ['tax_ids', async (s, id) => listOf(await taxIdsOf(s, id), `/v1/customers/${id}/tax_ids`)],
  [
    'subscriptions',
    async (s, id) => {
      const subs = await subscriptionsOf(s, id);
      return {
        ...listOf(subs.slice(0, INCLUDED_LIMIT), `/v1/customers/${id}/subscriptions`),
        has_more: subs.length > INCLUDED_LIMIT,
      };
    },
  ],
]);

/**
 * Stripe's `expand[]`: each dotted path replaces an id with its object (`data` steps into a
 * list's items), and a customer's includable list is added when its path names it.
 */
export async function expand(s: SimStore, root: Node, paths: string[]): Promise<Node> {
  const out = structuredClone(root);
  for (const path of paths) {
    const segments = path.split('.');
    const head = segments[0] ?? '';
    const include = out.object === 'customer' ? includable.get(head) : undefined;
    // A copy: expanding inside it must not change the objects the store holds.
    if (include && out[head] === undefined)
      out[head] = structuredClone(await include(s, out.id as string));
    await step(s, out, segments);
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
