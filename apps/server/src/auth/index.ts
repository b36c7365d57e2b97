/**
 * Identity and sessions: verifying Firebase ID tokens and Meramot's session tokens, session rows
 * and their cache, and the users they name. Used by plugins/auth (the request decorators) and
 * routes/auth (the HTTP calls); imports neither.
 */
export { createAuthenticator, type Authenticator } from './authenticator';
export { openFirebaseAuth } from './firebase';
export { createSessionCache, type SessionCache } from './session-cache';
export { sessionTokens, type SessionTokens } from './session-token';
export { findSessionUser, openSession, revokeSession } from './sessions';
export {
  findUserByUid,
  refreshUserFromToken,
  toApiUser,
  upsertVerifiedUser,
  type AuthUser,
  type UserRow,
} from './users';
export { createRevocations, type Revocations } from './revocations';
