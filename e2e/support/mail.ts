import { existsSync, readFileSync } from 'node:fs';
import type { MailSink, SinkMessage } from '../../apps/server/src/tooling/mail-sink';
import { STATE_FILE, type E2EState } from './env';

export type { SinkMessage };

/** The sender of the e2e server's e-mails. */
export const MAIL_FROM = 'Meramot E2E <no-reply@meramot.test>';

/*
 * The run's mail sink is started by global setup in Playwright's runner process, which stays up for
 * the whole run; global teardown (a separate module load, same process) closes it. It is kept on
 * globalThis so both find it whatever the module loader does.
 */
const KEY = Symbol.for('meramot.e2e.mailSink');
type Holder = { [KEY]?: MailSink };

export function holdMailSink(sink: MailSink): MailSink {
  (globalThis as Holder)[KEY] = sink;
  return sink;
}

export async function releaseMailSink(): Promise<void> {
  const holder = globalThis as Holder;
  const sink = holder[KEY];
  delete holder[KEY];
  await sink?.close();
}

/** The sink's inbox page (http://127.0.0.1:<port>), from the state file global setup wrote. */
export function mailInbox(): string {
  if (!existsSync(STATE_FILE)) throw new Error(`No e2e state file at ${STATE_FILE}: global setup did not run`);
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState;
  if (!state.mailInbox) throw new Error('Global setup started no mail sink');
  return state.mailInbox;
}

/** The messages delivered to `address`, newest first (GET <inbox>/api/messages?to=). */
export async function mailTo(address: string): Promise<SinkMessage[]> {
  const res = await fetch(`${mailInbox()}/api/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`GET /api/messages: ${res.status}`);
  return (await res.json()) as SinkMessage[];
}

/** Waits for the newest message to `address` that `match` accepts (the outbox drains every 500 ms). */
export async function waitForMail(
  address: string,
  match: (m: SinkMessage) => boolean,
  timeout = 15_000,
): Promise<SinkMessage> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await mailTo(address)).find(match);
    if (found) return found;
    if (Date.now() > deadline) {
      const got = (await mailTo(address)).map((m) => m.subject);
      throw new Error(`No matching e-mail to ${address} within ${timeout} ms; it has: ${JSON.stringify(got)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
