import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env: every setting of the server, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  /** Origins allowed to call the API from another site, comma-separated (none by default). */
  CORS_ORIGINS: z.string().default(''),
  DATABASE_URL: z.string().url().optional(),
  /** A read replica of DATABASE_URL's database (a hot standby): visitors' public reads go to it. */
  DATABASE_READ_URL: z.string().url().optional(),
  /** Connections each instance keeps to the PostgreSQL server at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** A statement running longer is cancelled by the server (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(0),
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** false behind PgBouncer in transaction mode: every statement unnamed. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  /** false when migrations run as a release step (npm run migrate) before the instances start. */
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  FIREBASE_PROJECT_ID: z.string().default('demo-meramot'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** The web app's Firebase auth domain (its VITE_FIREBASE_AUTH_DOMAIN), named in the CSP. */
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'FIREBASE_AUTH_DOMAIN must be a host name, e.g. my-project.firebaseapp.com')
    .optional(),
  WEB_DIST: z.string().optional(),
  /**
   * Worker threads that render the public pages (0: the main thread renders them). By default 1
   * on a machine of 2 cores or more (2 on 2 cores was slower than 1), 0 on one core.
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  SEED_DEMO: z.enum(['auto', 'never']).optional(),
  AGGREGATE_CACHE_SECONDS: z.coerce.number().min(0).default(30),
  RESPONSE_CACHE_SECONDS: z.coerce.number().min(0).default(5),
  /** Searches answered from the in-memory copy of the search postings (`off`: every search reads the database). */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /** How often the in-memory search index reads changes nobody announced (0: only announced ones). */
  SEARCH_INDEX_REFRESH_SECONDS: z.coerce.number().min(0).default(10),
  /**
   * How long /api/ready waits for this instance's search index (built and warmed) before saying
   * ready anyway, the database then answering searches until the index is on.
   */
  SEARCH_INDEX_READY_SECONDS: z.coerce.number().min(0).default(120),
  /** Requests a new instance sends itself once its index is built, before it says ready (search/warm-up.ts). */
  SEARCH_INDEX_WARM_UP_REQUESTS: z.coerce.number().int().min(0).default(1500),
  /**
   * The search index kept on disk under DATA_DIR/search-index between starts, so a new instance
   * reads it back and catches up instead of reading every service (search/memory/snapshot.ts).
   */
  SEARCH_INDEX_SNAPSHOT: z.enum(['on', 'off']).default('on'),
  /** Which proxies may name the client's address in X-Forwarded-For: false, true, a hop count or addresses/CIDRs. */
  TRUST_PROXY: z.string().default('false'),
  /** Bearer token /metrics requires; unset: /metrics only outside production. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** After SIGTERM, how long /api/ready answers 503 while requests are still served, before closing. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  /** After the drain, how long in-flight requests may take before every connection is cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Redis shared by the instances (rate limits, cache invalidation); unset: each process alone. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and of the channel, so several deployments may share one Redis. */
  REDIS_PREFIX: z.string().default('meramot:'),
  /** The web app's public address, for links in e-mails and SMS (http://localhost:PORT by default). */
  PUBLIC_URL: z.string().url().optional(),
  /** The SMTP server e-mails go through (smtp://user:pass@host:587, smtps://...); unset: no e-mail. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Meramot <no-reply@meramot.test>'),
  /** The SMS gateway (an HTTP endpoint, see notifications/sms.ts); all three set, or no SMS. */
  /** Photos in S3-compatible storage: s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=&tls= (unset: DATA_DIR/photos). */
  STORAGE_URL: z.string().startsWith('s3://', { error: 'STORAGE_URL must start with s3://' }).optional(),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).optional(),
  /** Hours a pending booking waits for the provider's answer before it expires. */
  BOOKING_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  /** How often each instance marks the pending bookings past their expiry (and tells their customers). */
  BOOKING_EXPIRY_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** How often each instance looks for due deliveries in the outbox when nothing woke it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** off: this instance never drains the outbox (another does). */
  OUTBOX_WORKER: z.enum(['on', 'off']).default('on'),
  /** Open live streams one person may hold on one instance (a tab each). */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** A live stream is ended after this long; the client reconnects at once with Last-Event-ID. */
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().min(0.05).default(1800),
  /** How often each instance sends its streams the recent notifications whose live publication never came. */
  LIVE_CATCH_UP_MS: z.coerce.number().int().min(100).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  /**
   * Address to listen on: HOST, else 127.0.0.1 (only this machine) outside production, so that the
   * Auth Emulator's unsigned tokens are never reachable from the network; 0.0.0.0 in production.
   */
  host: string;
  /** Exact origins (scheme://host[:port]) allowed to call the API from another site. */
  corsOrigins: string[];
  databaseUrl?: string;
  /**
   * The read replica (only with databaseUrl): visitors' public reads (no Authorization header, a
   * GET of a route whose answer may be shared) are answered from it; everything else from the primary.
   */
  databaseReadUrl?: string;
  database: DatabaseSettings;
  /** Run the migrations (under an advisory lock) before serving. */
  migrateOnStart: boolean;
  dataDir: string;
  /** Where photos are kept: S3-compatible storage (STORAGE_URL), else the disk under DATA_DIR/photos. */
  storageUrl?: string;
  jwtSecret: string;
  sessionTtlHours: number;
  /** How long a checked session is trusted without reading it again (0: read on every call). */
  sessionCacheSeconds: number;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  /** The Firebase auth domain the web app uses (popup sign-in pages), `<project>.firebaseapp.com` by default. */
  firebaseAuthDomain: string;
  webDist?: string;
  /** Worker threads rendering the public pages (0: the main thread renders). */
  renderThreads: number;
  rateLimitMax: number;
  /** `auto` by default outside production, `never` in production unless SEED_DEMO=auto is set. */
  seedDemo: 'auto' | 'never';
  /** How long counts per area and category and the platform statistics may be reused (0: never). */
  aggregateCacheSeconds: number;
  /** How long a public answer (list, search, service page, statistics) may be shared (0: never). */
  responseCacheSeconds: number;
  /** The in-memory search index (src/search/memory): on or off, its refresh period, how long ready waits for it. */
  searchIndex: {
    enabled: boolean;
    refreshSeconds: number;
    readySeconds: number;
    warmUpRequests: number;
    snapshotDir?: string;
  };
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, true, a number of hops, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  metricsToken?: string;
  /** Whether /metrics is served at all (with METRICS_TOKEN, or outside production). */
  metricsEnabled: boolean;
  redisUrl?: string;
  redisPrefix: string;
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  /** Notifications: links, e-mail, SMS, the outbox and the live streams. */
  notifications: NotificationSettingsConfig;
  bookings: BookingsConfig;
}

export interface BookingsConfig {
  expiryHours: number;
  expirySweepMs: number;
}

export interface NotificationSettingsConfig {
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  sms?: { url: string; apiKey: string; senderId: string };
  outboxPollMs: number;
  outboxWorker: boolean;
  streamsPerUser: number;
  streamMaxMs: number;
  catchUpMs: number;
}

/** TRUST_PROXY: `false`, `true`, a hop count, or comma-separated addresses/CIDRs of the balancers. */
function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
    }
  }
  return list;
}

/** How each instance uses the PostgreSQL server (ignored by the embedded database). */
export interface DatabaseSettings {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleTimeoutMs: number;
  /** Named prepared statements (off behind PgBouncer in transaction mode). */
  preparedStatements: boolean;
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

/** CORS_ORIGINS: comma-separated origins, each exactly scheme://host[:port] (no path, no wildcard). */
function parseOrigins(value: string): string[] {
  const origins = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (
      !parsed ||
      origin.includes('*') ||
      !/^https?:$/.test(parsed.protocol) ||
      parsed.origin !== origin.replace(/\/$/, '')
    ) {
      throw new Error(`Invalid configuration: CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
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
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: DATABASE_READ_URL (a read replica) needs DATABASE_URL (its primary); the embedded database has no replica.',
    );
  }
  const smsParts = [env.SMS_GATEWAY_URL, env.SMS_API_KEY, env.SMS_SENDER_ID];
  if (smsParts.some(Boolean) && !smsParts.every(Boolean)) {
    throw new Error('Invalid configuration: SMS needs SMS_GATEWAY_URL, SMS_API_KEY and SMS_SENDER_ID together.');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    database: {
      poolSize: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'true',
    },
    migrateOnStart: env.MIGRATE_ON_START === 'true',
    dataDir,
    storageUrl: env.STORAGE_URL,
    jwtSecret: env.JWT_SECRET ?? devJwtSecret(dataDir),
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    firebaseProjectId: env.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    webDist: env.WEB_DIST,
    renderThreads: env.RENDER_THREADS ?? (availableParallelism() > 1 ? 1 : 0),
    rateLimitMax: env.RATE_LIMIT_MAX,
    seedDemo: env.SEED_DEMO ?? (production ? 'never' : 'auto'),
    aggregateCacheSeconds: env.AGGREGATE_CACHE_SECONDS,
    responseCacheSeconds: env.RESPONSE_CACHE_SECONDS,
    searchIndex: {
      enabled: env.SEARCH_INDEX === 'on',
      refreshSeconds: env.SEARCH_INDEX_REFRESH_SECONDS,
      readySeconds: env.SEARCH_INDEX_READY_SECONDS,
      warmUpRequests: env.SEARCH_INDEX_WARM_UP_REQUESTS,
      snapshotDir: env.SEARCH_INDEX_SNAPSHOT === 'on' ? path.join(dataDir, 'search-index') : undefined,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    metricsEnabled: Boolean(env.METRICS_TOKEN) || !production,
    // In production the balancer needs a few health checks to see the 503; npm start stops at once.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (production ? 5000 : 0),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    bookings: { expiryHours: env.BOOKING_EXPIRY_HOURS, expirySweepMs: env.BOOKING_EXPIRY_SWEEP_MS },
    notifications: {
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      sms:
        env.SMS_GATEWAY_URL && env.SMS_API_KEY && env.SMS_SENDER_ID
          ? { url: env.SMS_GATEWAY_URL, apiKey: env.SMS_API_KEY, senderId: env.SMS_SENDER_ID }
          : undefined,
      outboxPollMs: env.OUTBOX_POLL_MS,
      outboxWorker: env.OUTBOX_WORKER === 'on',
      streamsPerUser: env.LIVE_STREAMS_PER_USER,
      streamMaxMs: env.LIVE_STREAM_MAX_SECONDS * 1000,
      catchUpMs: env.LIVE_CATCH_UP_MS,
    },
  };
}

/*
 * The tooling around the server (npm start, npm test, the test suites) reads its few settings here
 * too, so that nothing else under src touches the environment. Tests pass their settings to
 * `loadConfig` as an object (test/helpers.ts), never through process.env.
 */

/** The Auth Emulator the tooling starts or reuses (FIREBASE_AUTH_EMULATOR_HOST, 127.0.0.1:9099 by default). */
export function toolingEmulatorHost(source: NodeJS.ProcessEnv = process.env): string {
  return source.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
}

/** The PostgreSQL server the test suites also run on (TEST_DATABASE_URL; unset or empty: PGlite only). */
export function testDatabaseUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  return source.TEST_DATABASE_URL || undefined;
}

/** The environment of a child process the tooling starts: this process's, plus `extra`. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/**
 * firebase-admin takes the Auth Emulator's address only from the environment: the one write to
 * process.env, made by whatever opens firebase-admin with an emulator configured.
 */
export function exportAuthEmulatorHost(host: string): void {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}
