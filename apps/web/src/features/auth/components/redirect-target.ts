import type { User } from '@meramot/shared';
import { paths } from '@/config/paths';

/** Router state the auth pages pass along. */
export interface AuthLocationState {
  /** Where a protected route sent the visitor from (a Location, or a path). */
  from?: unknown;
  /**
   * Set by Register when the account was created but its session could not be opened: Login shows
   * "Account created. Please log in." with the e-mail filled in.
   */
  registered?: boolean;
  email?: string;
}

const authPages: string[] = [paths.login, paths.register];

/**
 * Where the visitor came from: the router state's 'from', else the address's `?from=` (a link that
 * works before the app runs, or without JavaScript: Book Now on a server-rendered service page).
 */
function fromOf(state: unknown, search: string): unknown {
  return (state as AuthLocationState | null | undefined)?.from ?? new URLSearchParams(search).get('from') ?? undefined;
}

/**
 * The path to return to after signing in: the protected page the visitor came from (spec: the
 * 'from' location, pathname + search + hash), otherwise /. Only same-app paths are accepted.
 */
export function redirectTarget(state: unknown, search = ''): string {
  const from = fromOf(state, search);
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object') {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string') {
      path = pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '');
    }
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return paths.home;
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return authPages.includes(pathname) ? paths.home : path;
}

/** The 'from' of the current state (or address), kept when moving between Login and Register. */
export function keepFrom(state: unknown, search = ''): AuthLocationState {
  const from = fromOf(state, search);
  return from ? { from } : {};
}

/**
 * True when this sign-in created the user's Meramot account: the server stamps created and
 * last-login times together on the first exchange.
 */
export function isFirstSignIn(user: Pick<User, 'createdAt' | 'lastLoginAt'>): boolean {
  if (!user.lastLoginAt) return false;
  const gap = Math.abs(Date.parse(user.lastLoginAt) - Date.parse(user.createdAt));
  return Number.isFinite(gap) && gap < 10_000;
}

/** How long the "Login Successful!" / "Account Created!" pop-ups stay (spec: 2 to 3 seconds). */
export const SUCCESS_POPUP_MS = 2500;
