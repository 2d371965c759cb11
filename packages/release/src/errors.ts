/** What went wrong with a release step: a stable code for scripts, a message that says what to do. */
export type ReleaseErrorCode =
  | 'RELEASE_USAGE'
  | 'RELEASE_NOT_FOUND'
  | 'RELEASE_VERSION_TAKEN'
  | 'RELEASE_BUILD_INVALID'
  | 'RELEASE_CHECK_FAILED'
  | 'RELEASE_CONFLICT'
  | 'RELEASE_STORE'
  /** Nothing to do: the environment already is so, or there is nothing to roll back to (exit 1). */
  | 'RELEASE_NOTHING_TO_DO'
  /** Stored files differ from what was recorded when they were published. */
  | 'RELEASE_STORE_ALTERED'
  /** The rollout's figures could not be read (Prometheus down, or an answer that is not counts). */
  | 'RELEASE_METRICS'
  /** Anything else that stopped a command (the machine, the network, a defect): the message says what. */
  | 'RELEASE_FAILED';

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
    /** One line per problem, for a failed check. */
    readonly lines: readonly string[] = [],
  ) {
    super(message);
  }
}

export const isReleaseError = (error: unknown): error is ReleaseError => error instanceof ReleaseError;
