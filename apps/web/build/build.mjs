#!/usr/bin/env node
// The web app's production build: the browser's app (`vite build`) into the out folder, then the
// server entry that renders the public pages (`vite build --ssr src/entry-server.tsx`) into its
// `.ssr` folder, which the server imports and never serves.
//
//   node build/build.mjs [--outDir DIR]   (DIR defaults to dist, relative to apps/web)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const vite = path.join(web, '../../node_modules/.bin/vite');
const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = path.resolve(web, at >= 0 ? args[at + 1] : 'dist');

const steps = [
  ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
  // 'error': the bundled dependencies' comments Rollup cannot place are not worth a warning.
  [
    'build',
    '--ssr',
    'src/entry-server.tsx',
    '--outDir',
    path.join(outDir, '.ssr'),
    '--emptyOutDir',
    '--logLevel',
    'error',
  ],
];
for (const step of steps) {
  // A production build whatever NODE_ENV the caller runs with (a test runner sets 'test').
  const result = spawnSync(vite, step, { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
