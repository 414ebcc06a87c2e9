import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allEndpoints,
  authApi,
  callUrl,
  contentApi,
  endpointOf,
  fillPath,
  firstLoadCalls,
  pathParams,
  usersApi,
} from './index.ts';

const SOME_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

describe('the contract', () => {
  const endpoints = allEndpoints();

  it('names each method and path once', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('types exactly the parameters each path has', () => {
    for (const e of endpoints) {
      const declared =
        e.schema.params instanceof z.ZodObject ? Object.keys(e.schema.params.shape) : [];
      expect({ path: e.path, params: declared.sort() }).toEqual({
        path: e.path,
        params: pathParams(e.path).sort(),
      });
    }
  });

  it('finds each endpoint again from a filled-in address, literal segments first', () => {
    for (const e of endpoints) {
      const values = Object.fromEntries(pathParams(e.path).map((p) => [p, SOME_ID]));
      expect(endpointOf(e.method, fillPath(e.path, values))).toBe(e);
    }
  });

  it('escapes path values and refuses a missing one', () => {
    expect(fillPath('/api/Meetings/:code', { code: 'a b/c' })).toBe('/api/Meetings/a%20b%2Fc');
    expect(() => fillPath('/api/Meetings/:code', {})).toThrow('missing path parameter code');
  });

  it("builds a call's address: path parameters, then the query form-encoded, nullish left out", () => {
    const e = { path: '/api/Organizations/:organizationId/Meetings' };
    expect(callUrl(e, { params: { organizationId: 'a/b' } })).toBe(
      '/api/Organizations/a%2Fb/Meetings',
    );
    expect(
      callUrl(e, {
        params: { organizationId: 7 },
        query: { Page: 1, Search: "Anne's room", Skip: undefined, None: null, Id: ['x', 'y'] },
      }),
    ).toBe('/api/Organizations/7/Meetings?Page=1&Search=Anne%27s+room&Id=x&Id=y');
    expect(callUrl(e, { params: { organizationId: 7 }, query: {} })).toBe(
      '/api/Organizations/7/Meetings',
    );
  });
});

describe("the first load's bare calls", () => {
  const full = {
    token: authApi.token,
    me: usersApi.me,
    myTeams: usersApi.myTeams,
    logout: usersApi.logout,
    logins: usersApi.logins,
    config: contentApi.config,
  } satisfies Record<keyof typeof firstLoadCalls, unknown>;

  it('are their endpoints without the schemas: same method, path, token rule and body kind', () => {
    for (const [name, bare] of Object.entries(firstLoadCalls)) {
      const e = full[name as keyof typeof full];
      const { security } = e.schema as { security?: unknown };
      expect({ name, ...bare }).toEqual({
        name,
        method: e.method,
        path: e.path,
        bodyKind: e.bodyKind,
        schema: security ? { security } : {},
      });
    }
  });
});
