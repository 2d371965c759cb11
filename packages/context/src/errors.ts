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
  | 'REMOTE_INCOMPATIBLE'
  | 'REMOTE_RENDER_FAILED'
  | 'API_UNAUTHORIZED'
  | 'API_UNREACHABLE'
  | 'API_FAILED'
  | 'OVERRIDE_REFUSED';

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

/** A failed call through the host's `api` client; `status` is the HTTP status when there was one. */
export class ApiError extends PlatformError {
  readonly status: number | undefined;
  readonly url: string;

  constructor(
    code: Extract<PlatformErrorCode, `API_${string}`>,
    message: string,
    details: { url: string; status?: number; cause?: unknown },
  ) {
    super(code, message, { cause: details.cause });
    this.url = details.url;
    this.status = details.status;
  }
}
