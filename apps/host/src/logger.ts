/**
 * The host's one logger. Everything the platform reports goes through it,
 * so it can later be routed to a real sink in one place. Never pass tokens.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

export function createLogger(scope: string, sink: Pick<Console, LogLevel> = console): Logger {
  const write = (level: LogLevel) => (message: string, details?: unknown) => {
    const line = `[mfe:${scope}] ${message}`;
    if (details === undefined) sink[level](line);
    else sink[level](line, details);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
