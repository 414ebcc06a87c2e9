import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRequestLogger, RequestLines } from '../http/requestLog.ts';
import { readActiveSpanWith } from './requestTrace.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const traceparent = `00-${TRACE}-${PARENT}-01`;

/** An app logging as the server's does, at `info`, into `lines`. */
function appLogging() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyRequestLogger,
    logController: new RequestLines(logger),
  });
  app.get('/warns', async (req) => {
    req.log.warn('something odd');
    return { ok: true };
  });
  return { app, lines };
}

afterEach(() => readActiveSpanWith(undefined));

describe("a request's log lines", () => {
  it("carry the caller's trace, the caller's span as parent and a span of their own", async () => {
    const { app, lines } = appLogging();
    await app.inject({ url: '/warns', headers: { traceparent } });
    expect(lines).toHaveLength(2);
    const [odd, completed] = lines;
    expect(odd).toMatchObject({ msg: 'something odd', trace_id: TRACE, parent_span_id: PARENT });
    expect(odd!.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(odd!.span_id).not.toBe(PARENT);
    // Every line of one request: the same ids.
    expect(completed).toMatchObject({
      msg: 'request completed',
      trace_id: TRACE,
      span_id: odd!.span_id,
      parent_span_id: PARENT,
    });
    await app.close();
  });

  it('start a new trace without traceparent, or with an invalid one, one per request', async () => {
    const { app, lines } = appLogging();
    await app.inject('/warns');
    await app.inject({ url: '/warns', headers: { traceparent: `00-${TRACE}-${PARENT}-01-x` } });
    await app.inject({ url: '/warns', headers: { traceparent: 'garbage' } });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(3);
    for (const line of completed) {
      expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(line.trace_id).not.toBe(TRACE);
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
      expect(line).not.toHaveProperty('parent_span_id');
    }
    expect(new Set(completed.map((l) => l.trace_id)).size).toBe(3);
    expect(new Set(completed.map((l) => l.span_id)).size).toBe(3);
    await app.close();
  });

  it("carry the tracing SDK's span when it runs: one trace id, not two", async () => {
    const span = { traceId: TRACE, spanId: 'b7ad6b7169203331' };
    readActiveSpanWith(() => span);
    const { app, lines } = appLogging();
    await app.inject({ url: '/warns', headers: { traceparent } });
    expect(lines.at(-1)).toMatchObject({
      trace_id: TRACE,
      span_id: span.spanId,
      parent_span_id: PARENT,
    });
    // A caller's trace the SDK did not continue (a sampler, a propagator that ignores it): the
    // SDK's ids, and no parent from another trace.
    readActiveSpanWith(() => ({ traceId: 'a'.repeat(32), spanId: span.spanId }));
    await app.inject({ url: '/warns', headers: { traceparent } });
    expect(lines.at(-1)).toMatchObject({ trace_id: 'a'.repeat(32), span_id: span.spanId });
    expect(lines.at(-1)).not.toHaveProperty('parent_span_id');
    await app.close();
  });
});
