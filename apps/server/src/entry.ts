/**
 * The process's entry (built as dist/main.js): OpenTelemetry first when it is configured, since
 * it patches http and pg and must do so before they load; then the server itself (main.ts),
 * imported only now so that none of its modules has loaded yet.
 */
import { ConfigError, loadTracingConfig } from './config.ts';
import { startTracing } from './platform/tracing/start.ts';

try {
  await startTracing(loadTracingConfig());
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
await import('./main.ts');
