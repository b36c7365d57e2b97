import { testDatabaseUrl } from '../../src/env';

/** The PostgreSQL server the cluster tests make their databases on: TEST_DATABASE_URL, else this machine's. */
export function clusterServerUrl(): string {
  return testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}
