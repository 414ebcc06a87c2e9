import { connect } from 'node:net';
import { security, serverMessages } from '@roomscale/shared';
import {
  adminApi,
  billingApi,
  callUrl,
  contentApi,
  type Endpoint,
  filesApi,
  guestsApi,
  meetingsApi,
  organizationsApi,
  profileImagesApi,
  roomTemplatesApi,
  teamUsersApi,
  usersApi,
} from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Answer, callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { call, createTeam, createUser, expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { contentSecurityDirectives } from './csp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/livez')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  // Unknown routes, the OpenAPI document and its page are not endpoints of the contract.
  it('answers unknown API routes with a problem document', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 404,
      title: 'Not Found',
      instance: '/api/does-not-exist',
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends security headers: the page set on a page, the API set on JSON', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const json = await t.app.inject('/livez');
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers).not.toHaveProperty('cross-origin-opener-policy');
  });
});

describe('hostile input refused in the pipeline', () => {
  it('refuses a NUL character in the path, the query, a header or a body with 400', async () => {
    const session = await signIn(t, await createUser(t));
    const nul = (res: Answer<Endpoint> | Awaited<ReturnType<typeof call>>) => {
      const problem = expectProblem(res, 400);
      expect(problem.detail).toBe(serverMessages.nulCharacter);
    };
    // Public routes, and routes behind a token: a NUL in a path parameter or the query.
    nul(await callEndpoint(t, meetingsApi.lookup, { params: { code: '\u0000' } }));
    nul(await callEndpoint(t, meetingsApi.lookup, { params: { code: 'ab\u0000cd' } }));
    nul(
      await callEndpoint(t, profileImagesApi.image, {
        params: { slug: 'user-1' },
        query: { updateDate: '\u0000' },
      }),
    );
    nul(
      await callEndpoint(t, organizationsApi.get, {
        params: { organizationId: '\u0000' },
        token: session,
      }),
    );
    nul(await callUnchecked(t, usersApi.me, { query: { x: '\u0000' }, token: session }));
    // An unknown route.
    nul(await call(t, 'GET', '/api/does-not-exist/%00'));
    nul(
      await callUnchecked(t, usersApi.register, {
        body: {
          email: 'nul@example.com',
          firstName: 'A\u0000da',
          lastName: 'Lovelace',
          password: 'Secret123',
          confirmPassword: 'Secret123',
        },
      }),
    );
    nul(
      await callUnchecked(t, usersApi.editMe, {
        token: session,
        body: { firstName: 'Ada', nested: [{ deep: ['x\u0000'] }] },
      }),
    );
    nul(await callUnchecked(t, usersApi.editMe, { token: session, body: { 'k\u0000': 1 } }));
    nul(
      await callUnchecked(t, usersApi.forgotPassword, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%00b%40example.com',
      }),
    );
    // A header (Node's parser refuses it on a real socket; the pipeline checks anyway).
    nul(await callEndpoint(t, guestsApi.authorize, { headers: { guestEmail: 'a\u0000@b.co' } }));
    // An escaped "%00" that is text, not NUL, passes the guard.
    const text = await callEndpoint(t, meetingsApi.lookup, { params: { code: '%00' } });
    expect(text.raw.raw.req.url).toBe('/api/Meetings/%2500');
    expect(text.status).toBe(404);
  });

  it('names the field that holds a NUL character in a body', async () => {
    const session = await signIn(t, await createUser(t));
    const res = await callUnchecked(t, usersApi.editMe, {
      token: session,
      body: { firstName: 'Ada', nested: [{ deep: ['x\u0000'] }] },
    });
    expectProblem(res, 400, 'nested.0.deep.0', serverMessages.nulCharacter);
  });

  it('refuses a lone UTF-16 surrogate anywhere in a body with 400, naming the field', async () => {
    const admin = await createUser(t, { superAdmin: true });
    const session = await signIn(t, admin);
    const team = await createTeam(t, admin.id, 'Surrogate team');
    const organization = { organizationId: team.id };
    const folder = await callEndpoint(t, filesApi.create, {
      params: organization,
      token: session,
      body: { name: 'Folder', type: 'Folder' },
    });
    expect(folder.status, folder.raw.body).toBe(200);
    const fileId = folder.body.fileId;
    const lone = (res: Answer<Endpoint>, field: string) =>
      expectProblem(res, 400, field, serverMessages.loneSurrogate);
    const high = '\ud800';
    const low = 'a\udfffb';
    // The routes where one reached jsonb (file properties, audit records) or the payment
    // provider's form encoding, and a public route without a token.
    lone(
      await callEndpoint(t, filesApi.create, {
        params: organization,
        token: session,
        body: { name: 'Folder 2', type: 'Folder', properties: { [high]: 'x' } },
      }),
      'properties',
    );
    lone(
      await callEndpoint(t, filesApi.edit, {
        params: { ...organization, fileItemId: fileId },
        token: session,
        body: { properties: { colour: low } },
      }),
      'properties.colour',
    );
    lone(
      await callEndpoint(t, organizationsApi.edit, {
        params: organization,
        token: session,
        body: { name: `Team ${high}`, companyName: 'Acme', industry: 'Technology' },
      }),
      'name',
    );
    lone(
      await callEndpoint(t, teamUsersApi.add, {
        params: organization,
        token: session,
        body: {
          email: 'lone@example.com',
          firstName: 'Ada',
          lastName: low,
          role: 'User',
          licenseType: 'Trial',
          assignRoomscalePassword: true,
        },
      }),
      'lastName',
    );
    lone(
      await callEndpoint(t, adminApi.createOrganization, {
        token: session,
        body: { name: high },
      }),
      'name',
    );
    lone(
      await callEndpoint(t, roomTemplatesApi.create, { token: session, body: { name: high } }),
      'name',
    );
    lone(
      await callEndpoint(t, billingApi.updateSubscription, {
        params: organization,
        token: session,
        body: { paymentMethodId: `pm_${high}`, priceId: 'price_month', quantity: 2 },
      }),
      'paymentMethodId',
    );
    lone(
      await callUnchecked(t, usersApi.register, {
        body: { user: { email: 'x@example.com', firstName: [high] } },
      }),
      'user.firstName.0',
    );
    // A key is named by the object that holds it.
    lone(await callUnchecked(t, usersApi.editMe, { token: session, body: { [low]: 1 } }), 'body');
    // A pair is a character like any other.
    const emoji = await callEndpoint(t, usersApi.editMe, {
      token: session,
      body: { position: 'Lead \ud83d\ude00' },
    });
    expect(emoji.status, emoji.raw.body).toBe(200);
    expect(emoji.body.position).toBe('Lead 😀');
    // Addresses cannot carry one: the escaped UTF-8 of a surrogate stays text (no 5xx). The
    // escape is written by hand: a query built from a string would encode U+FFFD instead.
    const escaped = await call(t, 'GET', `${callUrl(usersApi.myTeams)}?x=%ED%A0%80`, {
      token: session,
    });
    expect(escaped.statusCode).toBe(200);
  });

  it('answers framework refusals as problem documents without framework codes', async () => {
    // A malformed escape: only a raw address carries one.
    const badEscape = await call(t, 'GET', '/api/Organizations/%ZZ');
    expectProblem(badEscape, 400);
    expect(badEscape.json().detail).toBe(serverMessages.badUrl);
    expect(badEscape.body).not.toContain('FST_');

    const longParam = await callEndpoint(t, meetingsApi.lookup, {
      params: { code: 'a'.repeat(300) },
    });
    expectProblem(longParam, 414);
    expect(longParam.raw.body).not.toContain('FST_');

    const longUrl = await callUnchecked(t, contentApi.config, {
      query: { q: 'a'.repeat(security.maxUrlLength) },
    });
    expectProblem(longUrl, 414);
    expect(longUrl.problem.detail).toBe(serverMessages.uriTooLong);

    // A method the contract has not for this path.
    const unknown = await call(t, 'DELETE', callUrl(contentApi.config));
    expectProblem(unknown, 404);
  });

  it('answers requests the HTTP parser refuses with a problem document on the socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
        socket.on('data', (d) => {
          answer += d.toString('latin1');
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });
    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return {
        status: Number(head.split(' ')[1]),
        type: head.match(/content-type: ([^\r]+)/i)?.[1] ?? '',
        body: JSON.parse(body) as { status: number; detail: string },
      };
    };
    const cases = [
      ['GARBAGE\r\n\r\n', 400, serverMessages.malformedHttp],
      [
        `GET /api/Config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        serverMessages.headersTooLarge,
      ],
      [
        `GET /api/Config?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        414,
        serverMessages.uriTooLong,
      ],
      [
        'GET /api/Config HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
        400,
        serverMessages.malformedHttp,
      ],
    ] as const;
    for (const [request, status, detail] of cases) {
      const res = parse(await raw(request));
      expect(res.status, request.slice(0, 40)).toBe(status);
      expect(res.type).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status, detail });
    }
  });
});

describe('Content-Security-Policy', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roomscale-csp-test' };
  const policy = (extra: Record<string, string> = {}) =>
    contentSecurityDirectives(loadConfig({ ...env, ...extra })) as Record<string, string[] | null>;

  it('allows no host by scheme alone in the default configuration', async () => {
    const header = String((await t.app.inject('/api/docs')).headers['content-security-policy']);
    expect(header).toContain("connect-src 'self'");
    for (const directive of header.split(';')) {
      expect(directive.trim().split(/\s+/).slice(1), directive).not.toContain('https:');
      expect(directive.trim().split(/\s+/).slice(1), directive).not.toContain('http:');
      expect(directive, directive).not.toContain('*');
    }
    const p = policy();
    expect(p.connectSrc).toEqual(["'self'"]);
    expect(p.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    expect(p.mediaSrc).toEqual(["'self'", 'blob:']);
    expect(p.frameSrc).toEqual(["'self'"]);
  });

  it('lists exactly the origins the configuration uses', () => {
    const p = policy({
      AVATAR_BUILDER_URL: 'https://demo.avatars.example/avatar?frameApi',
      TUTORIALS_URL: 'https://content.example:8443/tutorials/list.json',
      STORAGE_DRIVER: 'gcs',
      GCS_BUCKET: 'roomscale-files',
    });
    const gcs = 'https://storage.googleapis.com';
    const tutorials = 'https://content.example:8443';
    expect(p.connectSrc).toEqual(["'self'", gcs, tutorials]);
    expect(p.imgSrc).toEqual(["'self'", 'data:', 'blob:', gcs, tutorials]);
    expect(p.mediaSrc).toEqual(["'self'", 'blob:', gcs, tutorials]);
    expect(p.frameSrc).toEqual(["'self'", 'https://demo.avatars.example']);
    expect(p.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('lets Stripe.js and its card frames in only when Stripe is configured', () => {
    expect(policy().scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    const p = policy({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRODUCT_ID: 'prod_x',
      STRIPE_PRICE_WEEKLY: 'price_w',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    });
    expect(p.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com']);
    expect(p.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    expect(p.frameSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
  });
});
