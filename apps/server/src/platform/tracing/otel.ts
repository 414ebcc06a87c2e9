import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TracingConfig } from '../../config.ts';
import { readActiveSpanWith } from './requestTrace.ts';

/**
 * Probes and scrapes, traced, would be most of the traces and tell nothing: neither the HTTP
 * span nor Fastify's are made for them.
 */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics']);

function untraced(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf('?');
  return UNTRACED_PATHS.has(q === -1 ? url : url.slice(0, q));
}

/**
 * The server's ESM imports can only be patched through a loader hook of the same
 * import-in-the-middle copy the instrumentations hook with (its state is per copy): resolved
 * from the HTTP instrumentation's own `@opentelemetry/instrumentation`, whatever npm's layout.
 * The hook is told which modules the instrumentations want and wraps those alone.
 */
function registerImportHook() {
  const fromHere = createRequire(import.meta.url);
  const fromInstrumentation = createRequire(
    createRequire(fromHere.resolve('@opentelemetry/instrumentation-http')).resolve(
      '@opentelemetry/instrumentation',
    ),
  );
  const iitm = fromInstrumentation('import-in-the-middle') as typeof import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = iitm.createAddHookMessageChannel();
  register(
    pathToFileURL(fromInstrumentation.resolve('import-in-the-middle/hook.mjs')).href,
    import.meta.url,
    registerOptions,
  );
  return waitForAllMessagesAcknowledged;
}

/**
 * Starts the OpenTelemetry SDK: spans of HTTP (incoming and outgoing, with the W3C trace context
 * propagated), Fastify (route, hooks, handler) and pg queries, exported over OTLP as the
 * standard OTEL_* variables say. Must run before http, Fastify and pg load. Returns what flushes
 * the spans still buffered and stops the SDK.
 */
export async function startOpenTelemetry(config: TracingConfig): Promise<() => Promise<void>> {
  const acknowledged = registerImportHook();
  const [api, { NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => untraced(req.url),
      }),
      // Every Fastify instance, as it is made (no change to the app when tracing is off).
      new fastifyOtel.FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route: { url?: string }) => untraced(route.url),
      }),
      // Queries inside a request or another traced operation; the job runner's polling alone
      // would otherwise be a trace every few seconds.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
    // Traces only: metrics are Prometheus's (GET /metrics), logs are the JSON lines. Either
    // still goes over OTLP when its OTEL_*_EXPORTER variable asks for it.
    ...(process.env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    ...(process.env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
  });
  if (!process.env.OTEL_LOG_LEVEL) {
    // The SDK is silent by default: spans that cannot be exported would be lost unseen.
    api.diag.setLogger(stderrDiagLogger, api.DiagLogLevel.WARN);
  }
  sdk.start();
  // The hook thread must know the patched modules before the server imports them.
  await acknowledged();
  propagateThroughFetch(api);
  readActiveSpanWith(() => {
    const ids = api.trace.getActiveSpan()?.spanContext();
    return ids && api.isSpanContextValid(ids)
      ? { traceId: ids.traceId, spanId: ids.spanId }
      : undefined;
  });
  return async () => {
    readActiveSpanWith(undefined);
    // A collector out of reach costs the last spans, never the clean exit.
    await sdk.shutdown().catch((err: unknown) => {
      api.diag.error('the last spans could not be exported', String(err));
    });
  };
}

/**
 * `fetch` is undici, not Node's http module, which the HTTP instrumentation patches: its
 * requests get the trace context (`traceparent`) through undici's diagnostics channel, where
 * a request can still take headers.
 */
function propagateThroughFetch(api: typeof import('@opentelemetry/api')) {
  type UndiciRequest = { addHeader(name: string, value: string): unknown };
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    api.propagation.inject(api.context.active(), request, {
      set: (carrier: UndiciRequest, name: string, value: string) => {
        carrier.addHeader(name, value);
      },
    });
  });
}

/** The SDK's own warnings and errors as JSON lines beside the server's (pino's shape). */
function diagLine(level: number) {
  return (msg: string, ...args: unknown[]) => {
    const detail = args.length ? { detail: args.map(String).join(' ') } : {};
    process.stderr.write(
      `${JSON.stringify({ level, time: Date.now(), component: 'opentelemetry', msg, ...detail })}\n`,
    );
  };
}

const stderrDiagLogger = {
  error: diagLine(50),
  warn: diagLine(40),
  info: diagLine(30),
  debug: diagLine(20),
  verbose: diagLine(10),
};
