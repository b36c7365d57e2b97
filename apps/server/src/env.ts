import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env: every setting of the server, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  FIREBASE_PROJECT_ID: z.string().default('demo-meramot'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  AGGREGATE_CACHE_SECONDS: z.coerce.number().min(0).default(30),
  RESPONSE_CACHE_SECONDS: z.coerce.number().min(0).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  sessionTtlHours: number;
  /** How long a checked session is trusted without reading it again (0: read on every call). */
  sessionCacheSeconds: number;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  webDist?: string;
  rateLimitMax: number;
  seedDemo: Env['SEED_DEMO'];
  /** How long counts per area and category and the platform statistics may be reused (0: never). */
  aggregateCacheSeconds: number;
  /** How long a public answer (list, search, service page, statistics) may be shared (0: never). */
  responseCacheSeconds: number;
  logLevel: Env['LOG_LEVEL'];
}

/** Reads the JWT secret kept under DATA_DIR, creating a random one on first use (development only). */
function devJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production (the emulator accepts unsigned tokens).',
    );
  }
  if (production && !env.JWT_SECRET) {
    throw new Error('Refusing to start: JWT_SECRET is required when NODE_ENV=production.');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? devJwtSecret(dataDir),
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    firebaseProjectId: env.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    webDist: env.WEB_DIST,
    rateLimitMax: env.RATE_LIMIT_MAX,
    seedDemo: env.SEED_DEMO,
    aggregateCacheSeconds: env.AGGREGATE_CACHE_SECONDS,
    responseCacheSeconds: env.RESPONSE_CACHE_SECONDS,
    logLevel: env.LOG_LEVEL,
  };
}
