import type { Endpoint } from './define.ts';
import { contract } from './index.ts';

type Route = { e: Endpoint; pattern: RegExp; params: number };
let routes: Route[] | undefined;

/** Every endpoint of the contract. */
export const allEndpoints = (): Endpoint[] =>
  Object.values(contract).flatMap((group) => Object.values(group as Record<string, Endpoint>));

/** The endpoint a request addresses, as the server's router would pick it; undefined if none. */
export function endpointOf(method: string, pathname: string): Endpoint | undefined {
  routes ??= allEndpoints()
    .map((e) => ({
      e,
      pattern: new RegExp(`^${e.path.replace(/:[A-Za-z]\w*/g, '[^/]+')}$`),
      // A literal segment beats a parameter: /File/Upload is not /File/:fileItemId.
      params: (e.path.match(/:/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  return routes.find((r) => r.e.method === method.toUpperCase() && r.pattern.test(pathname))?.e;
}
