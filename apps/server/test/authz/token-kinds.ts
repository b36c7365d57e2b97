import { createSecretKey, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { EMULATOR_HOST } from '../../src/tooling/emulator';
import { signIn, signUp } from '../identity';
import type { TestUser } from '../helpers';

/** The JWT secret the matrix's app is built with, so that it can forge and expire tokens. */
export const MATRIX_JWT_SECRET = 'authz-matrix-secret-that-is-long-enough-for-hs256';
const OTHER_PROJECT = 'demo-meramot-other-project';

export const TOKEN_KINDS = [
  'our token',
  'Firebase ID token',
  'alg-none JWT',
  'wrong secret',
  'expired',
  "another project's Firebase token",
  'revoked session (after logout)',
  'revoked Firebase token (after logout)',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
/** The kinds a server must accept; every other one is a forgery, an expired or a revoked token. */
export const VALID_KINDS: readonly TokenKind[] = ['our token', 'Firebase ID token'];

/** A person with a bearer token of every kind, all naming them. */
export interface Person extends TestUser {
  tokens: Record<TokenKind, string>;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function login(app: FastifyInstance, idToken: string): Promise<{ token: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/** An account of the same e-mail in another Firebase project of the emulator. */
async function otherProjectToken(email: string, password: string): Promise<string> {
  const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const headers = { 'content-type': 'application/json', authorization: 'Bearer owner' };
  await fetch(`${base}/projects/${OTHER_PROJECT}/accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const res = await fetch(`${base}/accounts:signInWithPassword?key=test-key`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, returnSecureToken: true, targetProjectId: OTHER_PROJECT }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

/**
 * Signs a new person up and makes a token of every kind. The revoked ones come from a sign-in that
 * was logged out (a second later than its Firebase token was issued, as revocation counts in whole
 * seconds); the valid ones from a sign-in after that logout.
 */
export async function makePerson(app: FastifyInstance, displayName: string): Promise<Person> {
  const identity = await signUp({ displayName, emailVerified: true });
  const first = await login(app, identity.idToken);
  const otherProject = await otherProjectToken(identity.email, identity.password);
  const issuedAt = (decodeJwt(identity.idToken).auth_time as number) ?? Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) <= issuedAt) await new Promise((r) => setTimeout(r, 100));
  const out = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${first.token}` },
  });
  if (out.statusCode !== 200) throw new Error(`logout failed: ${out.statusCode} ${out.body}`);
  const idToken = await signIn(identity.email, identity.password);
  const current = await login(app, idToken);
  const sid = decodeJwt(current.token).sid as string;
  const now = Math.floor(Date.now() / 1000);
  const claims = { sid };
  const sign = (secret: string, iat: number, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('meramot')
      .setSubject(current.id)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(createSecretKey(Buffer.from(secret, 'utf8')));
  const tokens: Record<TokenKind, string> = {
    'our token': current.token,
    'Firebase ID token': idToken,
    'alg-none JWT': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'meramot', sub: current.id, iat: now, exp: now + 3600 })}.`,
    'wrong secret': await sign(`wrong-${randomUUID()}-${randomUUID()}`, now, now + 3600),
    expired: await sign(MATRIX_JWT_SECRET, now - 7200, now - 60),
    "another project's Firebase token": otherProject,
    'revoked session (after logout)': first.token,
    'revoked Firebase token (after logout)': identity.idToken,
  };
  return {
    ...identity,
    idToken,
    token: current.token,
    id: current.id,
    auth: { authorization: `Bearer ${current.token}` },
    tokens,
  };
}
