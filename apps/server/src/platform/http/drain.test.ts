import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A raw connection, to send a request body in pieces and read the raw answer. */
function rawConnection() {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const error = new Promise<string>((resolve) =>
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? '')),
  );
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, connected, closed, error, received: () => received };
}

describe('draining the listener', () => {
  it('finishes a request whose body is still arriving, closes politely and refuses new connections', async () => {
    const body = JSON.stringify({ position: 'Still uploading, part two.' });
    const upload = rawConnection();
    // The server has read the request's head: it is in progress when the drain begins.
    const uploadStarted = new Promise<void>((resolve) => {
      const seen = (req: { method?: string }) => {
        if (req.method !== 'PATCH') return;
        t.app.server.off('request', seen);
        resolve();
      };
      t.app.server.on('request', seen);
    });
    await upload.connected;
    upload.socket.write(
      `PATCH /api/Users/Me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Idle kept-alive connections (one that will send a request during the grace, one that
    // stays quiet), and the drain begins while the body is half sent.
    const idle = rawConnection();
    const quiet = rawConnection();
    const used = rawConnection();
    await Promise.all([idle.connected, quiet.connected, used.connected]);
    used.socket.write('GET /livez HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(used.received()).toContain('"ok"'));
    await uploadStarted;
    // A deadline past the test's own timeout: the drain must end by closing what is idle.
    const drained = t.app.drain({ idleGraceMs: 300, deadlineMs: 120_000 });
    expect(t.app.draining).toBe(true);

    // The listener is closed: a new connection is refused.
    const late = rawConnection();
    expect(await late.error).toBe('ECONNREFUSED');

    // The idle connection may still send a request during the grace; it is answered.
    idle.socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 503/);
    expect(idle.received()).toMatch(/connection: close/i);
    expect(idle.received()).toMatch(/retry-after: \d+/i);

    // The rest of the body arrives: the request is answered, then the connection closes.
    upload.socket.write(body.slice(10));
    await upload.closed;
    expect(upload.received()).toMatch(/^HTTP\/1\.1 401/);
    expect(upload.received()).toMatch(/connection: close/i);
    expect(upload.received()).toContain('application/problem+json');
    // The quiet connection is closed once the grace is over, without a word and without a reset.
    // So is the one whose last request was answered before the drain.
    await Promise.all([quiet.closed, used.closed]);
    expect(quiet.received()).toBe('');
    expect(used.received()).not.toMatch(/connection: close/i);
    await drained;
  });
});
