import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './helpers';

/** What the read-replica tests share: the configuration, a closed port, a relay, figures and names. */

export const config = testConfig();

/** A port nothing listens on (taken, then freed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A figure of /metrics (0 when the series is absent). */
export async function metric(app: FastifyInstance, name: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** The service names of a list answer (`{ services }`) or of an array of services. */
export function names(res: { json(): unknown }): string[] {
  const body = res.json() as { services: Array<{ serviceName: string }> } | Array<{ serviceName: string }>;
  return (Array.isArray(body) ? body : body.services).map((s) => s.serviceName);
}

/** A TCP relay to the PostgreSQL server that can be stopped (every connection cut) and started again on its port. */
export function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    },
    async stop() {
      const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      for (const s of sockets) s.destroy();
      await closed;
      server = null;
    },
  };
}
