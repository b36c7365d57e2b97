import { randomBytes } from 'node:crypto';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_PROVIDERS, demoEmail } from '../../apps/server/src/seed/demo-data';
import { runId } from './env';

export { DEMO_PASSWORD };

/** A demo customer (books services) and a demo provider (owns services); both sign in with DEMO_PASSWORD. */
export const demoCustomer = {
  email: demoEmail(DEMO_CUSTOMERS[0]!),
  name: DEMO_CUSTOMERS[0]!.name,
  password: DEMO_PASSWORD,
};
export const demoProvider = {
  email: demoEmail(DEMO_PROVIDERS[0]!),
  name: DEMO_PROVIDERS[0]!.name,
  password: DEMO_PASSWORD,
};

/** A unique e-mail marked with this run's id, so global teardown can remove exactly these accounts. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${runId()}-${label}-${randomBytes(4).toString('hex')}@example.com`;
}
