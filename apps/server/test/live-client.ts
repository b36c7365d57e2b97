import type { LiveEvents, LiveEventType } from '@meramot/shared';

/**
 * Clients of GET /api/events for the server and cluster tests, read over a real socket as the web reads it
 * (fetch with the Authorization header): one stream (`openLiveStream`), and a client that reopens
 * its stream after a drop with Last-Event-ID, as apps/web/src/lib/live-events.ts does
 * (`ReconnectingLiveClient`).
 */

export interface LiveEvent {
  type: LiveEventType;
  id?: string;
  data: unknown;
  /** Date.now() when it was read (comparable with the database's now() on this machine). */
  at: number;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  /** HAProxy's X-Served-By: the instance holding the stream. */
  servedBy: string | null;
  /** Every event read so far, in order (`next` takes from it). */
  events: LiveEvent[];
  /** The next event of `type` not taken yet, waiting up to `timeoutMs`; throws when the stream ends first. */
  next<K extends LiveEventType>(type: K, timeoutMs?: number): Promise<LiveEvents[K] & { id?: string; at: number }>;
  ended(): boolean;
  /** Resolves with Date.now() when the stream has ended (closed by the server, cut, or aborted). */
  whenEnded: Promise<number>;
  close(): void;
}

/**
 * Opens one stream at `url`; `onEvent` is told each event as it is read. A refused stream
 * (status not 200) is returned ended, with its status.
 */
export async function openLiveStream(
  url: string,
  headers: Record<string, string>,
  onEvent?: (event: LiveEvent) => void,
): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: LiveEvent[] = [];
  const taken = new Set<LiveEvent>();
  const waiters: (() => void)[] = [];
  let ended = false;
  let markEnded!: (at: number) => void;
  const whenEnded = new Promise<number>((r) => (markEnded = r));
  const wake = () => waiters.splice(0).forEach((w) => w());
  void (async () => {
    if (res.status === 200 && res.body) {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // "field: value" lines; comments (": ping") and "retry:" carry no event.
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => !l.startsWith(':') && l.includes(': '))
                .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
            );
            if (!fields.event) continue;
            const event: LiveEvent = {
              type: fields.event as LiveEventType,
              id: fields.id,
              data: JSON.parse(fields.data ?? 'null'),
              at: Date.now(),
            };
            events.push(event);
            onEvent?.(event);
            wake();
          }
        }
      } catch {
        // Aborted, or cut (the instance died): the stream has ended either way.
      }
    } else {
      await res.body?.cancel().catch(() => undefined);
    }
    ended = true;
    markEnded(Date.now());
    wake();
  })();
  return {
    status: res.status,
    headers: res.headers,
    servedBy: res.headers.get('x-served-by'),
    events,
    async next(type, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const e = events.find((x) => x.type === type && !taken.has(x));
        if (e) {
          taken.add(e);
          return { ...(e.data as LiveEvents[typeof type]), id: e.id, at: e.at };
        }
        if (ended || Date.now() > deadline)
          throw new Error(`no ${type} event within ${timeoutMs} ms${ended ? ' (the stream ended)' : ''}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 20);
        });
      }
    },
    ended: () => ended,
    whenEnded,
    close: () => controller.abort(),
  };
}

export interface Connection {
  servedBy: string | null;
  /** Date.now() at the request, at its `ready` event (null: none), at its end (null: open). */
  openedAt: number;
  readyAt: number | null;
  endedAt: number | null;
  /** The Last-Event-ID it was opened with. */
  lastEventId: string | null;
}

/**
 * A signed-in tab's stream kept open through `base`: after an end or a refusal it waits
 * `reconnectMs` and reopens with the id of the last event that carried one (Last-Event-ID).
 * `received` counts each notification id read (more than once: a duplicate).
 */
export class ReconnectingLiveClient {
  lastId: string | null = null;
  readonly received = new Map<string, number>();
  /** When each notification id was first read (Date.now()). */
  readonly firstSeenAt = new Map<string, number>();
  readonly connections: Connection[] = [];
  /** Opens refused or failed (status, or 0 for a network error). */
  readonly refused: number[] = [];
  private stopped = false;
  private current: LiveStream | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly headers: Record<string, string> = {},
    private readonly reconnectMs = 200,
  ) {}

  /** Starts the loop; resolves once the first stream has sent `ready`. */
  async start(timeoutMs = 10_000): Promise<void> {
    this.loop = this.run();
    const deadline = Date.now() + timeoutMs;
    while (!this.connections.some((c) => c.readyAt !== null)) {
      if (Date.now() > deadline) throw new Error(`no ready event within ${timeoutMs} ms (refused: ${this.refused})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The instance holding the open stream (null while reconnecting). */
  get servedBy(): string | null {
    const last = this.connections[this.connections.length - 1];
    return last && last.endedAt === null ? last.servedBy : null;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const connection: Connection = {
        servedBy: null,
        openedAt: Date.now(),
        readyAt: null,
        endedAt: null,
        lastEventId: this.lastId,
      };
      try {
        const stream = await openLiveStream(
          `${this.base}/api/events`,
          {
            ...this.headers,
            authorization: `Bearer ${this.token}`,
            ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
          },
          (event) => {
            if (event.id) this.lastId = event.id;
            if (event.type === 'ready') connection.readyAt = event.at;
            if (event.type === 'notification' && event.id) {
              this.received.set(event.id, (this.received.get(event.id) ?? 0) + 1);
              if (!this.firstSeenAt.has(event.id)) this.firstSeenAt.set(event.id, event.at);
            }
          },
        );
        if (this.stopped) stream.close();
        if (stream.status !== 200) {
          this.refused.push(stream.status);
        } else {
          connection.servedBy = stream.servedBy;
          this.connections.push(connection);
          this.current = stream;
          connection.endedAt = await stream.whenEnded;
          this.current = null;
        }
      } catch {
        this.refused.push(0);
      }
      if (!this.stopped) await new Promise((r) => setTimeout(r, this.reconnectMs));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    await this.loop;
  }
}
