/** Console logging with the levels of convar citizen_records:log_level. */
import { LOG_LEVELS } from './contract/convars';

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export function createLogger(level: LogLevel): Logger {
  const enabled = (l: LogLevel) => LOG_LEVELS.indexOf(l) <= LOG_LEVELS.indexOf(level);
  return {
    error: (m) => enabled('error') && console.error(m),
    warn: (m) => enabled('warn') && console.warn(m),
    info: (m) => enabled('info') && console.log(m),
    debug: (m) => enabled('debug') && console.log(`[debug] ${m}`),
  };
}

/** An error for a log line: its stack where it has one, so a bug can be found from the log. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
