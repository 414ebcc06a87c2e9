import type { Endpoint } from '@roomscale/shared/contract';

/**
 * The method, address and schema of a route, from its endpoint in the shared contract. Spread
 * into `app.route({...})` next to the route's access rule and handler: the handler's request and
 * answer types follow from the contract's schemas, as the web client's do.
 */
export function routeOf<const E extends Endpoint>(e: E) {
  return { method: e.method, url: e.path, schema: e.schema } as {
    method: E['method'];
    url: E['path'];
    schema: E['schema'];
  };
}
