import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcessEnv, toolingEmulatorHost } from '../env';

/**
 * Runtime tooling, not a test file: `npm start`, `npm test`, the server suites' global setup and
 * the e2e setup start (or reuse) the Firebase Auth Emulator through this module.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const EMULATOR_HOST = toolingEmulatorHost();

export async function emulatorAnswers(host = EMULATOR_HOST): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the Firebase Auth Emulator from firebase-tools (the repository's firebase.json) unless one
 * already answers. Resolves with the child process, or null when an emulator was already running.
 */
/**
 * firebase.json puts the emulator on 127.0.0.1:9099; another FIREBASE_AUTH_EMULATOR_HOST (to run a
 * second suite beside one that holds 9099) gets a copy of it with that host and port.
 */
function configFor(host: string): string[] {
  const [hostname = '127.0.0.1', port = '9099'] = host.split(':');
  if (hostname === '127.0.0.1' && port === '9099') return [];
  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as { emulators: { auth: object } };
  config.emulators.auth = { host: hostname, port: Number(port) };
  const file = path.join(os.tmpdir(), `meramot-firebase-${port}.json`);
  writeFileSync(file, JSON.stringify(config));
  return ['--config', file];
}

export async function ensureEmulator(
  options: { importDir?: string; exportOnExit?: boolean } = {},
): Promise<ChildProcess | null> {
  if (await emulatorAnswers()) return null;
  const bin = path.join(root, 'node_modules', '.bin', 'firebase');
  const args = ['emulators:start', '--only', 'auth', '--project', 'demo-meramot', ...configFor(EMULATOR_HOST)];
  if (options.importDir && existsSync(path.join(options.importDir, 'firebase-export-metadata.json'))) {
    args.push('--import', options.importDir);
  }
  if (options.exportOnExit && options.importDir) args.push('--export-on-exit', options.importDir);
  const child = spawn(bin, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childProcessEnv({ CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' }),
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth Emulator exited early:\n${output}`);
    if (await emulatorAnswers()) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The Auth Emulator did not answer within 60 s:\n${output}`);
}

export async function stopEmulator(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
  child.stdout?.destroy();
  child.stderr?.destroy();
}
