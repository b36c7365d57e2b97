import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';
import type { Config } from '../env';

export async function seedDemoIfEmpty(_db: Db, _config: Config, _log: FastifyBaseLogger): Promise<void> {}
