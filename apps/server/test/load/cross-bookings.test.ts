import { afterAll, beforeAll, expect, it } from 'vitest';
import { createService, createTestApp, newUser, tomorrow, type TestApp } from '../helpers';

/**
 * Two people booking each other's services at the same moment (each is the other's provider):
 * both bookings are made. Found by the authorization matrix on PostgreSQL: the pending-booking
 * count locked the customer's row FOR UPDATE, which also blocks the foreign-key lock another booking
 * takes on that person as provider, so the two transactions deadlocked (one answered 503).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('books crosswise at the same moment without a deadlock', async () => {
  const [a, b] = await Promise.all([newUser(t.app), newUser(t.app)]);
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    const [ofA, ofB] = await Promise.all([createService(t.app, a), createService(t.app, b)]);
    const answers = await Promise.all(
      [
        [a, ofB._id],
        [b, ofA._id],
      ].map(([who, serviceId]) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: (who as typeof a).auth,
          payload: { serviceId, serviceTakingDate: tomorrow() },
        }),
      ),
    );
    statuses.push(...answers.map((r) => r.statusCode));
  }
  expect(statuses).toEqual(Array(20).fill(201));
});
