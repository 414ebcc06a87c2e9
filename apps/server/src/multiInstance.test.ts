import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limits, security } from '@roomscale/shared';
import {
  authApi,
  type CallAnswer,
  type CallInput,
  callUrl,
  type Endpoint,
  filesApi,
  organizationsApi,
  usersApi,
} from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgDatabase } from './test/pgDatabase.ts';
import { freePort, startServer, waitReady } from './test/process.ts';

/**
 * Two real server processes (`main.ts`, as deployed) on one PostgreSQL database and one shared
 * files directory, driven alternately: nothing may tie a user to the instance they started on.
 * Separate processes, not two apps in this one, so each has its own memory (session cache,
 * upload hashing, timers) exactly as two machines behind a load balancer would.
 */

const ADMIN = { email: 'scale-admin@example.com', password: 'ScaleOut123' };
const PUBLIC_URL = 'http://roomscale.test';
const CHUNK = limits.uploadChunkBytes;

type Instance = {
  name: string;
  origin: string;
  /** A public address of the deployment (upload and download links) sent to this instance. */
  local(url: string): string;
  stop(): Promise<void>;
};

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const server = startServer({ ...env, HOST: '127.0.0.1', PORT: String(port) });
  try {
    await waitReady(port, server.exited);
  } catch (e) {
    server.child.kill('SIGKILL');
    throw new Error(`instance ${name} did not start: ${String(e)}\n${server.output().err}`);
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    name,
    origin,
    local: (url) => {
      if (!url.startsWith(PUBLIC_URL)) throw new Error(`not an address of ours: ${url}`);
      return origin + url.slice(PUBLIC_URL.length);
    },
    async stop() {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

type Token = { access_token: string };

/** An instance's answer to a call of `E`: its status, headers and text, its 2xx body typed by the contract. */
type Reply<E extends Endpoint> = {
  status: number;
  headers: Headers;
  text: string;
  readonly body: CallAnswer<E>;
};

/**
 * Calls the endpoint `e` of the contract on an instance over HTTP: the address comes from the
 * endpoint's path, `params` and `query`; the input and the answer are typed by the contract.
 */
async function api<E extends Endpoint>(
  at: Instance,
  e: E,
  input: CallInput<E> & { token?: Token; headers?: Record<string, string> },
): Promise<Reply<E>> {
  const { params, query, body, token, headers } = input as {
    params?: Record<string, unknown>;
    query?: object;
    body?: Record<string, string>;
    token?: Token;
    headers?: Record<string, string>;
  };
  const form = e.bodyKind === 'form';
  const res = await fetch(at.origin + callUrl(e, { params, query }), {
    method: e.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token.access_token}` } : {}),
      ...(body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : form ? new URLSearchParams(body) : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    get body() {
      if (res.status < 200 || res.status > 299) {
        throw new Error(`expected a 2xx answer, got ${res.status}: ${text}`);
      }
      return (text === '' ? undefined : JSON.parse(text)) as CallAnswer<E>;
    },
  };
}

async function signIn(at: Instance) {
  const res = await api(at, authApi.token, {
    body: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const me = (at: Instance, token: Token) => api(at, usersApi.me, { token });
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A binary STL (accepted as a 3D model) of random facets, a little over three chunks. */
function stlOver3Chunks(): Buffer {
  const facets = Math.ceil((3 * CHUNK + 10_000) / 50);
  const head = Buffer.alloc(84);
  head.write('binary stl from the multi-instance test', 0, 'latin1');
  head.writeUInt32LE(facets, 80);
  return Buffer.concat([head, randomBytes(50 * facets)]);
}

describe.skipIf(!process.env.TEST_PG_URL)('two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshPgDatabase(process.env.TEST_PG_URL!);
    // One DATA_DIR for both: the local storage driver's files on one shared disk.
    dataDir = await mkdtemp(join(tmpdir(), 'rs-scale-out-'));
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Behind a load balancer: the client address is the last X-Forwarded-For entry.
      TRUST_PROXY: '1',
    };
    // One after the other, as a rollout starts them (the first applies the migrations).
    a = await startInstance('A', env);
    b = await startInstance('B', env);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a session across instances; a logout on one ends it on the other', async () => {
    const session = await signIn(a);
    const onB = await me(b, session);
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe(ADMIN.email);
    // A has just confirmed the session and keeps it in its short session cache.
    expect((await me(a, session)).status).toBe(200);

    expect((await api(b, usersApi.logout, { token: session })).status).toBe(204);
    expect((await me(b, session)).status).toBe(401);
    // A may accept the access token from its cache for at most sessionCacheSeconds more (the
    // bounded staleness docs/deployment.md describes); then it asks the database and refuses.
    await expect
      .poll(async () => (await me(a, session)).status, {
        timeout: (security.sessionCacheSeconds + 5) * 1000,
        interval: 250,
      })
      .toBe(401);
    // The session's refresh token is gone for every instance at once: it lives in the database.
    const refresh = await api(a, authApi.token, {
      body: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(400);

    // A session that A never saw is refused there at once after a logout on B.
    const other = await signIn(b);
    expect((await me(b, other)).status).toBe(200);
    expect((await api(b, usersApi.logout, { token: other })).status).toBe(204);
    expect((await me(a, other)).status).toBe(401);
  });

  it('continues a resumable upload on any instance; the file reads back the same', async () => {
    const token = await signIn(b);
    const team = await api(a, organizationsApi.register, {
      token,
      body: { name: 'Scale-out team', companyName: 'Scale Ltd', industry: 'Technology' },
    });
    expect(team.status, team.text).toBe(200);
    const organizationId = team.body.id;

    const slot = await api(b, filesApi.uploadSlot, { params: { organizationId }, token });
    expect(slot.status).toBe(200);
    const { fileUploadUri } = slot.body;

    // The storage's own protocol from here (not endpoints of the contract).

    const data = stlOver3Chunks();
    const total = data.length;
    const started = await fetch(a.local(fileUploadUri), {
      method: 'POST',
      headers: { 'x-goog-resumable': 'start', 'content-type': 'application/octet-stream' },
    });
    expect(started.status).toBe(201);
    const session = started.headers.get('location')!;
    const put = (at: Instance, range: string, body?: Uint8Array) =>
      fetch(at.local(session), {
        method: 'PUT',
        headers: { 'content-range': range },
        body: new Uint8Array(body ?? []),
      });

    // Chunks alternately to A and B, as a load balancer may spread them.
    for (const [i, at] of [a, b, a].entries()) {
      const res = await put(
        at,
        `bytes ${i * CHUNK}-${(i + 1) * CHUNK - 1}/*`,
        data.subarray(i * CHUNK, (i + 1) * CHUNK),
      );
      expect(res.status, `chunk ${i} on ${at.name}`).toBe(308);
      expect(res.headers.get('range')).toBe(`bytes=0-${(i + 1) * CHUNK - 1}`);
    }
    // Either instance knows how far the upload got.
    const status = await put(b, 'bytes */*');
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBe(`bytes=0-${3 * CHUNK - 1}`);

    const last = await put(b, `bytes ${3 * CHUNK}-${total - 1}/${total}`, data.subarray(3 * CHUNK));
    expect(last.status).toBe(200);
    expect((await last.json()) as Record<string, string>).toMatchObject({
      size: String(total),
      md5Hash: createHash('md5').update(data).digest('base64'),
    });

    // The upload becomes a file item on A; B hands out its download link; both serve it.
    const blobUri = fileUploadUri.split('?')[0]!;
    const made = await api(a, filesApi.create, {
      params: { organizationId },
      token,
      body: { name: 'part.stl', type: 'Model3D', blobUri },
    });
    expect(made.status, made.text).toBe(200);
    const info = await api(b, filesApi.download, {
      params: { fileItemId: made.body.fileId },
      token,
    });
    expect(info.status).toBe(200);
    const download = info.body.blobUri;
    for (const at of [a, b]) {
      const res = await fetch(at.local(download));
      expect(res.status, `download from ${at.name}`).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(data));
    }
  });

  it('counts a rate limit once for both instances', async () => {
    const limit = security.rateLimitPerMinute.forgotPassword;
    const client = { 'x-forwarded-for': '203.0.113.9' };
    const forgot = (at: Instance) =>
      api(at, usersApi.forgotPassword, {
        body: { email: `someone-${randomBytes(4).toString('hex')}@example.com` },
        headers: client,
      });
    // Alternately: per instance, neither would reach the limit.
    for (let i = 0; i < limit; i++) {
      const at = i % 2 ? b : a;
      expect((await forgot(at)).status, `request ${i + 1} on ${at.name}`).toBe(200);
    }
    for (const at of [a, b]) {
      const limited = await forgot(at);
      expect(limited.status, `over the limit on ${at.name}`).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client keeps its own budget.
    const other = await api(a, usersApi.forgotPassword, {
      body: { email: 'other@example.com' },
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.status).toBe(200);
  });

  it('refuses to start an instance whose local files directory is another disk', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'rs-scale-out-other-'));
    try {
      const port = await freePort();
      const server = startServer({
        ...env,
        DATA_DIR: elsewhere,
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(await server.exited).toBe(1);
      expect(server.output().err).toContain(
        `Invalid storage directory: STORAGE_DRIVER is local, and ${join(elsewhere, 'files')} is not the files directory this database was started with`,
      );
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
