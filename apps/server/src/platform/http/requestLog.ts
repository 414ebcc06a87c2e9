import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';
import { requestSpan, type SpanIds, traceFields } from '../tracing/requestTrace.ts';

type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made only when the request writes a line its level lets through. Fastify
 * makes a child logger (its bindings serialized: the request id) for every request; at `warn`,
 * where almost no request writes a line, that was the request logging's whole cost on the hot
 * path (docs/performance.md). The lines are the child's own, request id and all, with the
 * request's trace and span ids (platform/tracing): worked out with the child, so a request that
 * writes nothing pays nothing for them either.
 */
class LazyRequestLogger {
  #made: FastifyBaseLogger | undefined;
  /** OpenTelemetry's span of the request, read now: later lines may run outside its context. */
  readonly #span: SpanIds | undefined = requestSpan();

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
    private readonly request: RawRequest,
  ) {}

  private made(): FastifyBaseLogger {
    // Object.assign, not a spread: the cheaper of the two here, once per logged request.
    this.#made ??= this.parent.child(
      Object.assign({}, this.bindings, traceFields(this.request.headers, this.#span)),
      this.options,
    );
    return this.#made;
  }

  /** Writes through the child, made now if this is the request's first line. */
  write(level: Level, args: unknown[]) {
    if (!this.parent.isLevelEnabled(level)) return;
    (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made().level = level;
  }

  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

type LogMethod = (...args: unknown[]) => void;
type RawRequest = Pick<IncomingMessage, 'headers'>;
const levels: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
for (const level of levels) {
  // On the prototype: a request's logger is one small object, no functions of its own.
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]) {
    this.write(level, args);
  };
}

/** Fastify's `childLoggerFactory`: every request's logger is a lazy one. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
  request: RawRequest,
): FastifyBaseLogger {
  return new LazyRequestLogger(
    logger as Parent,
    bindings,
    options,
    request,
  ) as unknown as FastifyBaseLogger;
}

/**
 * Fastify's request lines, one per request: "request completed" carries the request too (method,
 * address, client). Fastify's own logging writes an "incoming request" line first, which says
 * nothing the second does not and costs as much again at `info`, the production default
 * (docs/performance.md "The hot path"). Every other line Fastify writes (errors, a route not found, a refused request while
 * closing) stays as it is.
 */
export class RequestLines extends LogController {
  /** Whether the server's logger lets `info` through (its level is fixed at start). */
  private readonly logsInfo: boolean;

  constructor(log: FastifyBaseLogger) {
    super();
    this.logsInfo = (log as Parent).isLevelEnabled('info');
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Below info a completed request writes nothing: nothing to measure or build (the hot path).
    if (!error && !this.logsInfo) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
