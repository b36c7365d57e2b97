/**
 * The one place the engine comparison imports the server's code from (read only). "Ours" is the
 * hand-written in-memory index as a given commit has it: `snapshotOf(rev)` extracts that commit's
 * apps/server and packages/shared (git archive) into a folder of its own, wired to the
 * repository's node_modules, so the figures do not depend on work in progress in the tree.
 * `loadServerCode(dir)` finds the pieces in either layout of the search code: before issue 21
 * (apps/server/src/routes/search/, routes/services/) and after (apps/server/src/search/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from '../../scripts/lib.mjs';

/** A folder holding `rev`'s server and shared code (made once per commit, under the system's temp folder). */
export function snapshotOf(rev) {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--verify', `${rev}^{commit}`])
    .toString()
    .trim();
  const dir = path.join('/tmp', `meramot-engines-${commit.slice(0, 12)}`);
  if (existsSync(path.join(dir, '.complete'))) return { dir, commit };
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', [
    '-c',
    `git -C "${root}" archive ${commit} apps/server packages/shared tsconfig.base.json | tar -x -C "${dir}"`,
  ]);
  // The packages the server needs come from the repository; @meramot/shared from the snapshot.
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const own = path.join(dir, 'apps/server/node_modules');
  mkdirSync(path.join(own, '@meramot'), { recursive: true });
  const theirs = path.join(root, 'apps/server/node_modules');
  if (existsSync(theirs)) {
    for (const name of readdirSync(theirs))
      if (name !== '@meramot') symlinkSync(path.join(theirs, name), path.join(own, name));
  }
  symlinkSync(path.join(dir, 'packages/shared'), path.join(own, '@meramot/shared'));
  execFileSync('touch', [path.join(dir, '.complete')]);
  return { dir, commit };
}

/** The first of `candidates` (paths under `dir`) that exists, imported. */
async function first(dir, candidates) {
  for (const file of candidates) {
    const full = path.join(dir, file);
    if (existsSync(full)) return { module: await tsImport(full, import.meta.url), file };
  }
  throw new Error(`None of ${candidates.join(', ')} exists under ${dir}.`);
}

/** What the comparison uses of the server's code under `dir` (a checkout, or a snapshot). */
export async function loadServerCode(dir = root) {
  const src = 'apps/server/src';
  const [client, schema, rows, sync, list, parse] = await Promise.all([
    first(dir, [`${src}/db/client.ts`]),
    first(dir, [`${src}/db/schema.ts`]),
    first(dir, [`${src}/db/service-row.ts`, `${src}/routes/services/service-row.ts`]),
    first(dir, [`${src}/search/memory/sync.ts`, `${src}/routes/search/search-index-sync.ts`]),
    first(dir, [`${src}/search/index.ts`, `${src}/routes/services/services.service.ts`]),
    first(dir, [`${src}/search/parse.ts`, `${src}/routes/search/search-query.ts`]),
  ]);
  return {
    files: [client, schema, rows, sync, list, parse].map((m) => m.file),
    openDatabase: client.module.openDatabase,
    services: schema.module.services,
    users: schema.module.users,
    serviceColumns: rows.module.serviceColumns,
    toApiService: rows.module.toApiService,
    isPublic: rows.module.isPublic,
    SearchIndexSync: sync.module.SearchIndexSync,
    listServices: list.module.listServices,
    parseSearch: parse.module.parseSearch,
    typoAllowance: parse.module.typoAllowance,
  };
}

/** The judged set's source (apps/server/test/search-quality.test.ts) under `dir`. */
export const judgedSource = (dir = root) => path.join(dir, 'apps/server/test/search-quality.test.ts');
