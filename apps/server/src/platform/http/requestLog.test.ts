import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger, RequestLines } from './requestLog.ts';

/** A Fastify app logging JSON lines at `level` into `lines`, counting the children made. */
function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = pino({ level }, sink);
  let children = 0;
  // Called on whichever logger inherits it (Fastify's own child of this one, with its
  // serializers): a bound copy would make every child from the bare logger.
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    children++;
    return child.apply(this, args);
  } as typeof logger.child;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => 'req-1',
    childLoggerFactory: lazyRequestLogger,
    logController: new RequestLines(logger),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (req) => {
    req.log.warn({ detail: 'x' }, 'something odd');
    req.log.info('not at warn');
    return { ok: true };
  });
  return { app, lines, children: () => children };
}

describe('the request logger', () => {
  it('makes no child logger for a request that writes no line', async () => {
    const { app, lines, children } = appAt('warn');
    await app.ready();
    const before = children();
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(before);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes a request's lines through its child, request id and all", async () => {
    const { app, lines, children } = appAt('warn');
    await app.ready();
    const before = children();
    await app.inject('/warns');
    expect(children()).toBe(before + 1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', detail: 'x', msg: 'something odd' }),
    ]);
    await app.close();
  });

  it('writes one line per request at info: the request, its answer and its time', async () => {
    const { app, lines } = appAt('info');
    await app.inject('/quiet?x=1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-1',
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/quiet?x=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    await app.close();
  });

  it('still logs a failure as Fastify does', async () => {
    const { app, lines } = appAt('info');
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    await app.inject('/fails');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'broken'],
      [30, 'request completed'],
    ]);
    await app.close();
  });
});
