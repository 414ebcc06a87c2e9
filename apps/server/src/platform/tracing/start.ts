import type { TracingConfig } from '../../config.ts';

let stop: (() => Promise<void>) | undefined;

/**
 * OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set. Otherwise nothing of it is loaded: the
 * SDK is imported only here, on that path. Runs in the process's entry before the server's
 * modules load (src/entry.ts).
 */
export async function startTracing(config: TracingConfig): Promise<void> {
  if (!config.otlpEndpoint) return;
  const { startOpenTelemetry } = await import('./otel.ts');
  stop = await startOpenTelemetry(config);
}

/** Exports the spans still buffered; called at shutdown once the last request is answered. */
export async function stopTracing(): Promise<void> {
  await stop?.();
  stop = undefined;
}
