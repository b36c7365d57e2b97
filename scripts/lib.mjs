// Small helpers shared by the root scripts (start and test).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
