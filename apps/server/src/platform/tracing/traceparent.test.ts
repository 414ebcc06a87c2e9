import { describe, expect, it } from 'vitest';
import { newSpanId, newTraceId } from './ids.ts';
import { parseTraceparent } from './traceparent.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads version 00: the trace, the caller span and the flags', () => {
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-01`)).toEqual({
      traceId: TRACE,
      parentId: PARENT,
      flags: 1,
    });
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-00`)?.flags).toBe(0);
  });

  it('reads a later version by its first four fields, as the specification asks', () => {
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-01`)?.traceId).toBe(TRACE);
    expect(parseTraceparent(`cc-${TRACE}-${PARENT}-01-what-the-future-adds`)).toEqual({
      traceId: TRACE,
      parentId: PARENT,
      flags: 1,
    });
  });

  it('refuses what the specification says is invalid', () => {
    for (const header of [
      undefined,
      '',
      'nonsense',
      `ff-${TRACE}-${PARENT}-01`, // version ff is forbidden
      `00-${TRACE}-${PARENT}-01-extra`, // version 00 has exactly four fields
      `cc-${TRACE}-${PARENT}-01x`, // after the flags, a later version continues with a dash
      `00-${'0'.repeat(32)}-${PARENT}-01`, // all-zero trace id
      `00-${TRACE}-${'0'.repeat(16)}-01`, // all-zero parent id
      `00-${TRACE.toUpperCase()}-${PARENT}-01`, // hex is lowercase
      `00-${TRACE.slice(1)}-${PARENT}-01`, // short trace id
      `00-${TRACE}-${PARENT}0-01`, // long parent id
      `00-${TRACE}-${PARENT}-1`,
      `00_${TRACE}_${PARENT}_01`,
      // Two traceparent headers, as Node joins them: which one was meant cannot be told.
      `00-${TRACE}-${PARENT}-01, 00-${TRACE}-${PARENT}-01`,
    ]) {
      expect(parseTraceparent(header), String(header)).toBeUndefined();
    }
    expect(parseTraceparent([`00-${TRACE}-${PARENT}-01`])).toBeUndefined();
  });
});

describe('new ids', () => {
  it('are lowercase hex of 16 and 8 bytes, never repeated', () => {
    const traces = new Set<string>();
    const spans = new Set<string>();
    // More than one pool of random bytes.
    for (let i = 0; i < 1000; i++) {
      const t = newTraceId();
      const s = newSpanId();
      expect(t).toMatch(/^[0-9a-f]{32}$/);
      expect(s).toMatch(/^[0-9a-f]{16}$/);
      traces.add(t);
      spans.add(s);
    }
    expect(traces.size).toBe(1000);
    expect(spans.size).toBe(1000);
  });
});
