import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLocalBus, createRedisBus, type LiveEnvelope } from './live-bus';

const log = { info: () => undefined, warn: () => undefined };

const event = (userId: string): LiveEnvelope => ({ userId, type: 'read', data: { unread: 1 } });

describe('the live bus', () => {
  it('in one process: delivers to the person’s listeners only, until they unsubscribe', () => {
    const bus = createLocalBus();
    const got: string[] = [];
    const stop = bus.subscribe('a', (e) => got.push(`a:${e.type}`));
    bus.subscribe('b', (e) => got.push(`b:${e.type}`));
    bus.publish(event('a'));
    stop();
    bus.publish(event('a'));
    expect(got).toEqual(['a:read']);
    expect(bus.listeners).toBe(1);
    expect(bus.live).toBe(true);
  });

  it('with Redis unreachable: says it is not live, and still reaches this instance’s streams', async () => {
    const bus = await createRedisBus('redis://127.0.0.1:1', `test:${randomUUID()}:`, log);
    try {
      expect(bus.live).toBe(false);
      const got: LiveEnvelope[] = [];
      bus.subscribe('a', (e) => got.push(e));
      bus.publish(event('a'));
      expect(got).toHaveLength(1);
    } finally {
      await bus.close();
    }
  });
  // Through Redis between instances: test/cluster/live-events.cluster.ts.
});
