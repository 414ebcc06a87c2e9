import { security, TOKEN_SCOPE, tokenMessages } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser, nextIp, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The password grant's brute-force brake, attacked the way a stranger would: from one address,
 * from many, and against the owner's own sign-in. Time moves only through `advance`: the clock
 * is frozen, so the waits the server computes are exact however slowly the machine runs.
 */
let t: TestApp;
let moved = 0;
beforeAll(async () => {
  t = await createTestApp();
  const frozenAt = Date.now();
  vi.spyOn(t.clock, 'now').mockImplementation(() => new Date(frozenAt + moved * 1000));
});
afterAll(() => t.close());

const advance = (seconds: number) => {
  moved += seconds;
};
afterEach(() => {
  moved = 0;
});

const grant = (username: string, password: string, ip = nextIp()) =>
  callEndpoint(t, authApi.token, {
    body: { grant_type: 'password', username, password, scope: TOKEN_SCOPE },
    ip,
  });

type Reply = Awaited<ReturnType<typeof grant>>;

/** A throttled attempt: 429 with an OAuth2 body and the seconds to wait. */
function expectThrottled(res: Reply): number {
  expect(res.status, res.raw.body).toBe(429);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.raw.json()).toEqual({
    error: 'slow_down',
    error_description: tokenMessages.tooManyAttempts,
  });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  return wait;
}

function expectWrongPassword(res: Reply) {
  expect(res.status, res.raw.body).toBe(400);
  expect(res.raw.json()).toEqual({
    error: 'invalid_grant',
    error_description: tokenMessages.invalidCredentials,
  });
}

const pairLimit = security.pairFailuresBeforeLock;
const slowdownAfter = security.accountFailuresBeforeSlowdown;

/** Fails from fresh addresses until the account's slowdown holds, waiting out each delay. */
async function sprayFailures(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    let res = await grant(email, `Wrong${i}abc`);
    if (res.status === 429) {
      advance(Number(res.headers['retry-after']));
      res = await grant(email, `Wrong${i}abc`);
    }
    expectWrongPassword(res);
  }
}

describe('one address guessing at one account', () => {
  it('locks that address for that account, not the account', async () => {
    const user = await createUser(t);
    const home = nextIp();
    expect((await grant(user.email, user.password, home)).status).toBe(200);

    const attacker = nextIp();
    for (let i = 0; i < pairLimit; i++) {
      expectWrongPassword(await grant(user.email, `Wrong${i}abc`, attacker));
    }
    // Even the right password is refused from there, for the pair's whole lock.
    const wait = expectThrottled(await grant(user.email, user.password, attacker));
    expect(wait).toBe(security.pairLockSeconds);
    // The owner, from the address they signed in from before, is not affected.
    expect((await grant(user.email, user.password, home)).status).toBe(200);

    advance(security.pairLockSeconds - 1);
    expectThrottled(await grant(user.email, user.password, attacker));
    advance(1);
    expect((await grant(user.email, user.password, attacker)).status).toBe(200);
  });

  it('locks a familiar address too after as many failures', async () => {
    const user = await createUser(t);
    const home = nextIp();
    expect((await grant(user.email, user.password, home)).status).toBe(200);
    for (let i = 0; i < pairLimit; i++) {
      expectWrongPassword(await grant(user.email, `Wrong${i}abc`, home));
    }
    expectThrottled(await grant(user.email, user.password, home));
  });
});

describe('counting', () => {
  it('forgives earlier failures after a successful sign-in', async () => {
    const user = await createUser(t);
    for (let i = 0; i < slowdownAfter - 1; i++) await grant(user.email, 'Wrong1234');
    expect((await grant(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < slowdownAfter - 1; i++) await grant(user.email, 'Wrong1234');
    expect((await grant(user.email, user.password)).status).toBe(200);
  });

  it("forgets a pair's failures older than its window", async () => {
    const user = await createUser(t);
    const home = nextIp();
    expect((await grant(user.email, user.password, home)).status).toBe(200);
    for (let i = 0; i < pairLimit - 1; i++) await grant(user.email, 'Wrong1234', home);
    advance(security.pairLockSeconds + 1);
    expectWrongPassword(await grant(user.email, 'Wrong1234', home));
    expect((await grant(user.email, user.password, home)).status).toBe(200);
  });

  it('counts concurrent failures', async () => {
    const user = await createUser(t);
    const ip = nextIp();
    await Promise.all(Array.from({ length: pairLimit }, () => grant(user.email, 'Wrong1234', ip)));
    expect(expectThrottled(await grant(user.email, user.password, ip))).toBe(
      security.pairLockSeconds,
    );
  });
});

describe('many addresses guessing at one account', () => {
  it('cannot lock the owner out of the address they usually sign in from', async () => {
    const user = await createUser(t);
    const home = nextIp();
    expect((await grant(user.email, user.password, home)).status).toBe(200);

    await sprayFailures(user.email, 40);
    // Unfamiliar addresses now wait…
    expectThrottled(await grant(user.email, user.password));
    // …but the owner's usual address keeps its own budget.
    expect((await grant(user.email, user.password, home)).status).toBe(200);
  });

  it('slows the account down with a doubling delay that stops growing at the cap', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < slowdownAfter; i++) expectWrongPassword(await grant(email, 'Wrong1234'));

    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = expectThrottled(await grant(email, 'Wrong1234'));
      waits.push(wait);
      advance(wait - 1);
      expect(expectThrottled(await grant(email, 'Wrong1234'))).toBe(1);
      advance(1);
      expectWrongPassword(await grant(email, 'Wrong1234'));
    }
    const base = security.accountSlowdownBaseSeconds;
    const cap = security.accountSlowdownMaxSeconds;
    expect(waits).toEqual(waits.map((_, i) => Math.min(base * 2 ** i, cap)));
    expect(waits.at(-1)).toBe(cap);
  });

  it('never becomes a lock: the right password works once the delay has passed', async () => {
    const user = await createUser(t);
    await sprayFailures(user.email, 30);
    const wait = expectThrottled(await grant(user.email, user.password));
    expect(wait).toBeLessThanOrEqual(security.accountSlowdownMaxSeconds);
    advance(wait);
    expect((await grant(user.email, user.password)).status).toBe(200);
  });

  it('throttles unknown accounts exactly like known ones, so the brake reveals nothing', async () => {
    const user = await createUser(t);
    const ghost = uniqueEmail('ghost');
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < slowdownAfter; i++) expectWrongPassword(await grant(email, 'Wrong1234'));
    }
    const known = await grant(user.email, 'Wrong1234');
    const unknown = await grant(ghost, 'Wrong1234');
    expect(unknown.status).toBe(known.status);
    expect(unknown.raw.body).toBe(known.raw.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('forgets the account-wide count a day after the last failure', async () => {
    const user = await createUser(t);
    await sprayFailures(user.email, 12);
    advance(security.accountFailureMemorySeconds + 1);
    // Counting starts over: the next failures are free again.
    for (let i = 0; i < slowdownAfter; i++) {
      expectWrongPassword(await grant(user.email, 'Wrong1234'));
    }
    expect(expectThrottled(await grant(user.email, user.password))).toBe(
      security.accountSlowdownBaseSeconds,
    );
  });
});

describe('a completed password reset', () => {
  const resetTo = async (email: string, password: string) => {
    await callEndpoint(t, usersApi.forgotPassword, { body: { email } });
    const url = t.mailer.link(email, '/reset-password');
    const res = await callEndpoint(t, usersApi.resetPassword, {
      body: {
        userId: url.searchParams.get('user')!,
        token: url.searchParams.get('token')!,
        password,
        passwordConfirm: password,
      },
    });
    expect(res.status, res.raw.body).toBe(200);
  };

  it("lifts the account's slowdown and the locks of its addresses", async () => {
    const user = await createUser(t);
    const attacker = nextIp();
    for (let i = 0; i < pairLimit; i++) {
      expectWrongPassword(await grant(user.email, 'Wrong1234', attacker));
    }
    await sprayFailures(user.email, 20);
    expectThrottled(await grant(user.email, user.password));

    await resetTo(user.email, 'Renewed123');
    expect((await grant(user.email, 'Renewed123')).status).toBe(200);
    expect((await grant(user.email, 'Renewed123', attacker)).status).toBe(200);
  });

  it('leaves other accounts throttled', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await sprayFailures(other.email, slowdownAfter);
    await resetTo(owner.email, 'Renewed123');
    expectThrottled(await grant(other.email, other.password));
  });
});

describe('one address guessing across accounts', () => {
  it('locks the address for every account, and no other address', async () => {
    const ip = nextIp();
    for (let i = 0; i < security.ipFailuresBeforeLock; i++) {
      expectWrongPassword(await grant(uniqueEmail('spray'), 'Wrong1234', ip));
    }
    const user = await createUser(t);
    expect(expectThrottled(await grant(user.email, user.password, ip))).toBe(
      security.ipFailureWindowSeconds,
    );
    expect((await grant(user.email, user.password)).status).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  const forged = (socket: string, forwardedFor: string, username: string) =>
    callEndpoint(t, authApi.token, {
      body: { grant_type: 'password', username, password: 'Wrong1234' },
      headers: { 'x-forwarded-for': forwardedFor },
      ip: socket,
    });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset', async () => {
    expect(t.config.trustProxyHops).toBe(0);
    const socket = nextIp();
    for (let i = 0; i < security.ipFailuresBeforeLock; i++) {
      expectWrongPassword(await forged(socket, nextIp(), uniqueEmail('spray')));
    }
    // A new forged address each time changed nothing: the socket's address is locked.
    expectThrottled(await forged(socket, nextIp(), uniqueEmail('spray')));
  });

  it('with TRUST_PROXY=1 uses the address the proxy saw, not one the client wrote', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const proxy = '192.0.2.1';
      const client = nextIp();
      const attempt = (forwardedFor: string) =>
        callEndpoint(behind, authApi.token, {
          body: { grant_type: 'password', username: uniqueEmail('spray'), password: 'Wrong1234' },
          headers: { 'x-forwarded-for': forwardedFor },
          ip: proxy,
        });
      // The client writes a new address of its own each time; the proxy appends the real one.
      for (let i = 0; i < security.ipFailuresBeforeLock; i++) {
        expect((await attempt(`${nextIp()}, ${client}`)).status).toBe(400);
      }
      expect((await attempt(`${nextIp()}, ${client}`)).status).toBe(429);
      // Another client behind the same proxy is someone else.
      expect((await attempt(`${client}, ${nextIp()}`)).status).toBe(400);
    } finally {
      await behind.close();
    }
  });
});
