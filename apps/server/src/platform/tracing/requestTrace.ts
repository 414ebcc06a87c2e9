import type { IncomingHttpHeaders } from 'node:http';
import { newSpanId, newTraceId } from './ids.ts';
import { parseTraceparent } from './traceparent.ts';

/** A span's ids as OpenTelemetry holds them. */
export type SpanIds = { traceId: string; spanId: string };

/**
 * What a request's log lines carry so an operator can join them with the tracing system:
 * the trace, this request's span in it, and the caller's span when a valid `traceparent` came in.
 */
export type TraceFields = { trace_id: string; span_id: string; parent_span_id?: string };

/** The span open where it is called; set only while OpenTelemetry runs (./otel.ts). */
let activeSpan: (() => SpanIds | undefined) | undefined;

export function readActiveSpanWith(reader: (() => SpanIds | undefined) | undefined) {
  activeSpan = reader;
}

/**
 * The span OpenTelemetry opened for the request now being received, if it runs: read when the
 * request's logger is made, inside that span, so every line joins the span the traces show.
 */
export function requestSpan(): SpanIds | undefined {
  return activeSpan?.();
}

/**
 * A request's trace fields. With OpenTelemetry, its span's ids (one source of truth); without
 * it, the caller's trace from `traceparent` (else a new one) and a span id of our own.
 */
export function traceFields(headers: IncomingHttpHeaders, span: SpanIds | undefined): TraceFields {
  const caller = parseTraceparent(headers.traceparent);
  if (span) {
    return caller?.traceId === span.traceId
      ? { trace_id: span.traceId, span_id: span.spanId, parent_span_id: caller.parentId }
      : { trace_id: span.traceId, span_id: span.spanId };
  }
  return caller
    ? { trace_id: caller.traceId, span_id: newSpanId(), parent_span_id: caller.parentId }
    : { trace_id: newTraceId(), span_id: newSpanId() };
}
