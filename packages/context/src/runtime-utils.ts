/**
 * Small things every part of the platform that runs in the browser shares, apart from the contract
 * (no React): the one logger and a storage area that may be refused. A subpath of its own
 * (`@mfe/context/runtime-utils`), so the host's boot script and its sign-in package take only these.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/**
 * The platform's one logger: `[mfe:<scope>] message`, so it can later be routed to a real sink in one
 * place. Never pass tokens.
 */
export function createLogger(scope: string, sink: Pick<Console, LogLevel> = console): Logger {
  const write = (level: LogLevel) => (message: string, details?: unknown) => {
    const line = `[mfe:${scope}] ${message}`;
    if (details === undefined) sink[level](line);
    else sink[level](line, details);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/**
 * A storage area, or null where the browser refuses it (a sandboxed frame, some privacy modes,
 * storage disabled): merely reading `window.localStorage` throws there, so every caller that only
 * remembers a convenience goes through here and carries on without it.
 */
export function storageOrNull(area: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[area];
  } catch {
    return null;
  }
}
