import { forbidden } from './http-error';

/** Person-scoped lists answer 403 unless the e-mail in the path is the caller's own. */
export function assertOwnEmailParam(user: { email: string }, email: string, what: string): void {
  if (email.toLowerCase() !== user.email) {
    throw forbidden(`You can only see your own ${what}.`);
  }
}
