// Small helpers shared by the root scripts (start and test) and the benchmarks (bench/).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { SERVER_NODE_ARGS } from './server-node-args.mjs';

/** Imports a TypeScript module of the repository (through tsx). */
export function importTs(relativePath) {
  return tsImport(path.join(root, relativePath), import.meta.url);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The web app's production build into `outDir` (apps/web/build/build.mjs: the browser's app, and the
 * server entry of the public pages in `outDir/.ssr`), quietly: the command, its arguments and folder.
 */
export function webBuild(outDir) {
  return {
    command: process.execPath,
    args: ['build/build.mjs', '--outDir', outDir],
    cwd: path.join(root, 'apps/web'),
  };
}

/**
 * The benchmarks' web build (issue 22: the server renders the public pages with its server entry):
 * this checkout's web app built now into a temp folder of its own, removed when the process exits.
 */
export function webBuildForBench() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'meramot-bench-web-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const { command, args, cwd } = webBuild(outDir);
  console.log('Building the web app (for the server-rendered pages)...');
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  return outDir;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` (e.g. the server's /api/health) answers 2xx; throws when `server` exits first or after 120 s. */
export async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped during start-up (exit ${server.exitCode}).`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

/** Stops a child process: SIGINT, then SIGKILL when it has not exited after `graceMs`. */
export async function stopProcess(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
