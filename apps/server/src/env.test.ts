import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('refuses production with the Auth Emulator host set', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
  });

  it('accepts production with a secret and no emulator', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/meramot-prod' });
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.firebaseAuthEmulatorHost).toBeUndefined();
  });

  it('never seeds demo data in production unless SEED_DEMO=auto asks for it', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/meramot-prod' } as const;
    expect(loadConfig(prod).seedDemo).toBe('never');
    expect(loadConfig({ ...prod, SEED_DEMO: 'auto' }).seedDemo).toBe('auto');
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-dev' }).seedDemo).toBe('auto');
  });

  it('reads the pool, its timeouts and the prepared-statement switch', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/meramot-dev',
      DATABASE_POOL_SIZE: '7',
      DATABASE_CONNECT_TIMEOUT_MS: '2500',
      DATABASE_STATEMENT_TIMEOUT_MS: '15000',
      DATABASE_PREPARED_STATEMENTS: 'false',
      MIGRATE_ON_START: 'false',
    });
    expect(config.database).toEqual({
      poolSize: 7,
      connectTimeoutMs: 2500,
      statementTimeoutMs: 15000,
      idleTimeoutMs: 10000,
      preparedStatements: false,
    });
    expect(config.migrateOnStart).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-dev' }).database.preparedStatements).toBe(true);
  });

  it('takes a read replica only together with its primary', () => {
    const replica = 'postgres://reader@replica.internal:5432/meramot';
    expect(() => loadConfig({ DATA_DIR: '/tmp/meramot-dev', DATABASE_READ_URL: replica })).toThrow(
      /DATABASE_READ_URL \(a read replica\) needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATA_DIR: '/tmp/meramot-dev',
      DATABASE_URL: 'postgres://app@primary.internal:5432/meramot',
      DATABASE_READ_URL: replica,
    });
    expect(config.databaseReadUrl).toBe(replica);
    expect(loadConfig({ DATA_DIR: '/tmp/meramot-dev' }).databaseReadUrl).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/meramot-dev', DATABASE_URL: 'postgres://a@b/c', DATABASE_READ_URL: 'replica' }),
    ).toThrow(/DATABASE_READ_URL/);
  });

  it('generates a development secret once and keeps it under DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meramot-env-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(48);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('names the bad settings', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', DATA_DIR: '/tmp/x' })).toThrow(
      /PORT.*DATABASE_URL|DATABASE_URL.*PORT/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('defaults to port 3000 and the demo project', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'meramot-env-')) });
    expect(config.port).toBe(3000);
    expect(config.firebaseProjectId).toBe('demo-meramot');
    expect(config.databaseUrl).toBeUndefined();
  });
});
