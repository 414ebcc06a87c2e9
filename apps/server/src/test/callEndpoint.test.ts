import { authApi, guestsApi, organizationsApi, usersApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callUnchecked } from './callEndpoint.ts';
import { expectProblem, PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { team } from './workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('callEndpoint', () => {
  it('addresses the endpoint with its path parameters and sends the token', async () => {
    const { id, admin } = await team(t, 'Addressed');
    const res = await callEndpoint(t, organizationsApi.get, {
      params: { organizationId: id },
      token: admin.session,
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.raw.json()).toMatchObject({ id, name: 'Addressed' });
    expect(res.body).toMatchObject({ id, name: 'Addressed' });
  });

  it('answers a problem on 4xx, and refuses to read it as the 2xx body', async () => {
    const res = await callEndpoint(t, usersApi.me);
    expectProblem(res, 401);
    expect(res.problem.status).toBe(401);
    expect(() => res.body).toThrow('expected a 2xx answer, got 401');
  });

  it('refuses to read a 2xx answer as a problem', async () => {
    const { admin } = await team(t);
    const res = await callEndpoint(t, usersApi.me, { token: admin.session });
    expect(res.body.email).toBe(admin.email);
    expect(() => res.problem).toThrow('expected a problem, got 200');
  });

  it('sends a form body form-encoded and the query in the address', async () => {
    const { admin } = await team(t);
    const res = await callEndpoint(t, authApi.token, {
      body: { grant_type: 'password', username: admin.email, password: PASSWORD },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.raw.raw.req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(res.body.token_type).toBe('Bearer');
    const page = await callUnchecked(t, guestsApi.roomTemplates, {
      query: { page: 0 },
      token: 'not-a-token',
    });
    expect(page.raw.raw.req.url).toBe('/api/Guests/RoomTemplates?page=0');
    expectProblem(page, 401);
  });
});
