export { AccessDenied, type ChallengeContext, type DenialCode, type DenialDetails, type Scheme } from './denial';
export { DEFAULT_PROOF_ALGORITHMS, htuOf } from './dpop-proof';
export { authorizeRequest } from './http';
export { providerKeys } from './keys';
export { createNonceSource, type NonceOptions, type NonceSource } from './nonces';
export { createMemoryReplayStore, type ReplayStore } from './replay';
export {
  createAccessVerifier,
  type AccessPolicy,
  type AccessRequest,
  type AccessVerifier,
  type VerifiedAccess,
} from './verifier';
