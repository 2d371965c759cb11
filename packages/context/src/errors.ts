/** Stable codes for failures that cross the host↔remote boundary. */
export type PlatformErrorCode =
  | 'CONTEXT_MISSING'
  | 'AUTH_REQUIRED'
  | 'AUTH_FAILED'
  | 'CONFIG_INVALID'
  | 'MANIFEST_UNAVAILABLE'
  | 'MANIFEST_INVALID'
  | 'REMOTE_LOAD_FAILED'
  | 'REMOTE_INVALID'
  | 'REMOTE_RENDER_FAILED';

/**
 * An error with a stable `code` to branch on and a message that tells the
 * reader what to do next. `cause` keeps the original failure for logs.
 */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly code: PlatformErrorCode;

  constructor(code: PlatformErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isPlatformError(value: unknown, code?: PlatformErrorCode): value is PlatformError {
  return value instanceof PlatformError && (code === undefined || value.code === code);
}
