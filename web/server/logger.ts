/**
 * Structured JSON logs, one object per line on stdout (stderr for errors), so a VPS's journal
 * or any log shipper can parse them.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  return out;
}

export function createLogger(write: (line: string, level: string) => void = defaultWrite): Logger {
  const log = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...serialise(fields) }), level);
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

function defaultWrite(line: string, level: string): void {
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
