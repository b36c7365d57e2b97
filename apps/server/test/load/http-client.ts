import http from 'node:http';

export interface HttpAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A small JSON client over keep-alive sockets (at most `connections` at once) for the load and
 * fault suites. A network failure or a timeout answers status 0 with the reason as body.
 */
export function httpClient(port: number, connections: number, timeoutMs = 10_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  function request(method: string, path: string, token?: string, body?: unknown): Promise<HttpAnswer> {
    return new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
        res.on('error', (err) => resolve({ status: 0, body: err.message, headers: {} }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (err) => resolve({ status: 0, body: err.message, headers: {} }));
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}
