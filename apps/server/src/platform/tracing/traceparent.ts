/**
 * The W3C Trace Context `traceparent` request header (https://www.w3.org/TR/trace-context/):
 * `version-traceid-parentid-flags`, lowercase hex. A version this server does not know is read
 * by its first four fields, as the specification asks; `ff` and all-zero ids are invalid.
 */
export type TraceParent = {
  /** 32 hex digits: the whole trace, from the first service it passed through. */
  traceId: string;
  /** 16 hex digits: the caller's span, the parent of this server's. */
  parentId: string;
  /** Bit 0 (`01`): the caller records this trace. */
  flags: number;
};

/** The first four fields; what a later version adds follows a dash. */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(?:-|$)/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/**
 * The header's trace, or undefined when it is absent or invalid (then the request starts a new
 * trace). Several `traceparent` headers arrive joined by a comma and are refused: which one was
 * meant cannot be told.
 */
export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  // One test and fixed slices: this runs for every request that writes a log line.
  if (typeof header !== 'string' || header.length < 55 || !TRACEPARENT.test(header))
    return undefined;
  const version = header.slice(0, 2);
  if (version === 'ff' || (version === '00' && header.length !== 55)) return undefined;
  const traceId = header.slice(3, 35);
  const parentId = header.slice(36, 52);
  if (traceId === ZERO_TRACE_ID || parentId === ZERO_SPAN_ID) return undefined;
  return { traceId, parentId, flags: Number.parseInt(header.slice(53, 55), 16) };
}
