import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger as PinoLogger } from 'pino';

/**
 * Structured JSON logs with pino, one object per line on stdout, so a VPS's journal or any log
 * shipper can parse them. Every line written while a request is handled carries its `requestId`
 * (see `runWithRequestId`), whoever writes it.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The pino logger behind it, for the request lines (http/request-logging.ts); absent on the silent logger. */
  readonly pino?: PinoLogger;
}

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Runs `fn` (and everything it starts, awaited or not) as part of the request `requestId`, so
 * every log line written meanwhile carries that id.
 */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

/**
 * Field names that hold a guest's personal data or a secret: censored wherever they appear in a
 * log line (top level or one object down), as a safety net behind callers that log ids, not
 * people.
 */
const REDACTED_FIELDS = ['to', 'email', 'phone', 'text', 'html', 'password', 'token', 'refreshToken', 'authorization', 'cookie'];

/**
 * A logger writing JSON lines (`{ level, time, requestId?, message, ...fields }`) to
 * `destination` (stdout by default). An `err` field is serialised with its name, message and stack.
 */
export function createLogger(destination?: DestinationStream): Logger {
  const base = pino(
    {
      base: undefined,
      messageKey: 'message',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.err },
      // The request line carries its id itself; every other line gets it from the context.
      mixin: (_fields, _level, instance) => {
        const context = requestContext.getStore();
        return context && !('requestId' in instance.bindings()) ? { requestId: context.requestId } : {};
      },
      redact: { paths: REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: '[redacted]' },
    },
    destination,
  );
  return {
    info: (message, fields = {}) => base.info(fields, message),
    warn: (message, fields = {}) => base.warn(fields, message),
    error: (message, fields = {}) => base.error(fields, message),
    pino: base,
  };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
