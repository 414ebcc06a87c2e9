import { allEndpoints, needsToken } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (method: string, url: string) => `${method} ${url}`;
/**
 * Routes outside the contract: the storage protocol is Google Cloud Storage's, the webhook's is
 * Stripe's, HEAD is GET's.
 */
const ownProtocol = (method: string, url: string) =>
  url.startsWith('/api/Storage/') ||
  url.startsWith('/scim/') ||
  url === '/api/openapi.json' ||
  url === '/api/StripeWebhooks' ||
  method === 'HEAD';

describe('the shared contract and the server', () => {
  it('registers every endpoint of the contract, and no /api route outside it', () => {
    const served = t.app.routeAccess
      .filter((r) => !ownProtocol(r.method, r.url))
      .map((r) => key(r.method, r.url));
    const promised = allEndpoints().map((e) => key(e.method, e.path));
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...promised].sort());
  });

  it('asks for a token exactly where the route is not public', () => {
    for (const e of allEndpoints()) {
      const route = t.app.routeAccess.find((r) => r.method === e.method && r.url === e.path);
      expect({ route: key(e.method, e.path), public: route?.access === 'public' }).toEqual({
        route: key(e.method, e.path),
        public: !needsToken(e),
      });
    }
  });
});
