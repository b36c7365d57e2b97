import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from '../../../../scripts/server-node-args.mjs';
import { childProcessEnv } from '../../src/env';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How much of a server's output is kept in memory (the end of it). */
const KEPT_OUTPUT = 256 * 1024;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** The last 256 KB it printed (pino JSON lines). */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Meramot's server (src/server.ts) in a process of its own on `port`, with `env` added to this
 * process's; `onLine` is told every line it prints.
 */
export function startServer(port: number, env: Record<string, string>, onLine?: (line: string) => void): ServerProcess {
  // As npm run start:prod runs it.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childProcessEnv({ PORT: String(port), HOST: '127.0.0.1', ...env }),
  });
  let output = '';
  let partial = '';
  const take = (d: Buffer) => {
    const text = d.toString();
    output += text;
    if (output.length > KEPT_OUTPUT * 2) output = output.slice(-KEPT_OUTPUT);
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) onLine(line);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until `url` answers 200 (the server's /api/ready); throws after `timeoutMs` or when the process ends first. */
export async function waitReady(server: ServerProcess, timeoutMs = 60_000, path = '/api/ready'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server on ${server.port} exited:\n${server.output().slice(-4000)}`);
    }
    const ok = await fetch(server.url + path, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${server.port} not ready after ${timeoutMs} ms:\n${server.output().slice(-4000)}`);
}
