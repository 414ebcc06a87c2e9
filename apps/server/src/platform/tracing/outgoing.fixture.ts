/**
 * Run by otel.test.ts as a process of its own (OpenTelemetry patches the process): tracing
 * started as the entry starts it, then one `fetch` and one `http.get` to TARGET inside a span
 * whose trace id it prints first.
 */
import { loadTracingConfig } from '../../config.ts';
import { startTracing, stopTracing } from './start.ts';

await startTracing(loadTracingConfig());
const api = await import('@opentelemetry/api');
const http = await import('node:http');
const target = process.env.TARGET!;
await api.trace.getTracer('outgoing.fixture').startActiveSpan('outgoing', async (span) => {
  const { traceId, spanId } = span.spanContext();
  process.stdout.write(`${JSON.stringify({ traceId, spanId })}\n`);
  await (await fetch(`${target}/fetch`)).text();
  await new Promise((done, fail) =>
    http.get(`${target}/http`, (res) => res.resume().on('end', done)).on('error', fail),
  );
  span.end();
});
await stopTracing();
