// The ceiling of `npm run bench`: a bare Fastify route on the same machine, same Node.js, no
// database, answering a small JSON object. Listens on PORT and prints "ready" when it does.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
