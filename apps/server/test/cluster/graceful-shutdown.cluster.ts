import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { freshDatabase } from '../helpers';
import { clusterServerUrl } from './cluster-env';
import { startServer, waitReady, type ServerProcess } from '../../scripts/cluster/server-process';

/**
 * SIGTERM: /api/ready answers 503 at once while requests are still served (the drain), then the
 * process exits without waiting for an idle keep-alive client (it held the exit for 71 s before).
 */
let server: ServerProcess | null = null;
let drop = async () => {};
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await drop();
});

function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

it('drains (ready 503, calls still served), then exits promptly despite an idle keep-alive client', async () => {
  const db = await freshDatabase(clusterServerUrl(), 1);
  await db.database.close();
  drop = db.drop;
  server = startServer(18097, {
    NODE_ENV: 'production',
    JWT_SECRET: 'cluster-test-secret-that-is-long-enough-for-hs256',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    DATABASE_URL: db.url!,
    SHUTDOWN_DRAIN_MS: '1500',
    LOG_LEVEL: 'info',
  });
  await waitReady(server);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect(await get(agent, `${server.url}/api/health`)).toBe(200);

  const signalled = Date.now();
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  expect(await get(agent, `${server.url}/api/ready`)).toBe(503);
  expect(await get(agent, `${server.url}/api/services/areas`)).toBe(200);
  // The keep-alive socket stays open and idle now; the exit must not wait for it.
  expect(await server.exited).toBe(0);
  const seconds = (Date.now() - signalled) / 1000;
  console.log(`SIGTERM to exit with an idle keep-alive client: ${seconds.toFixed(2)} s (drain 1.5 s)`);
  expect(seconds).toBeLessThan(4);
  expect(server.output()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  agent.destroy();
});
