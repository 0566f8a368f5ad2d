import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Level, LogFn } from "pino";

type Logger = FastifyBaseLogger & { isLevelEnabled?: (level: Level) => boolean };

/**
 * Fastify gives every request a child logger carrying its id. Most requests never log (requests
 * are logged at debug level only), yet building a pino child serialises its bindings and
 * allocates on every request, a tenth of a catalogue read's JavaScript. This one is a single small
 * object that builds the real child the first time a line is written at an enabled level, so each
 * line still carries the request's id (`reqId`).
 */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.write("fatal", args);
  }

  error(...args: Parameters<LogFn>): void {
    this.write("error", args);
  }

  warn(...args: Parameters<LogFn>): void {
    this.write("warn", args);
  }

  info(...args: Parameters<LogFn>): void {
    this.write("info", args);
  }

  debug(...args: Parameters<LogFn>): void {
    this.write("debug", args);
  }

  trace(...args: Parameters<LogFn>): void {
    this.write("trace", args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: Parameters<LogFn>): void {
    if (!this.real && this.parent.isLevelEnabled?.(level) === false) return;
    this.logger()[level](...args);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger, built when it first writes. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}
