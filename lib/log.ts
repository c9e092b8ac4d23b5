/**
 * Where background work reports what a person running the server should see (DESIGN §8a).
 * The console by default; tests pass a `memoryLog` to assert on what was logged or to keep
 * expected failures out of their output.
 */
export interface Log {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export const consoleLog: Log = {
  info: (message, ...details) => console.log(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

export interface LogEntry {
  level: keyof Log;
  message: string;
  details: unknown[];
}

/** A log that keeps its entries in `entries`, for tests. */
export function memoryLog(): Log & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const keep = (level: keyof Log) => (message: string, ...details: unknown[]) =>
    void entries.push({ level, message, details });
  return { entries, info: keep("info"), warn: keep("warn"), error: keep("error") };
}
