import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_HEARTBEAT_MS, type LiveEvents, type LiveEventType, type Notification } from '@meramot/shared';
import type { LiveBus, LiveEnvelope } from './live-bus';

export interface StreamOptions {
  bus: LiveBus;
  userId: string;
  sessionId: string | null;
  /** The Last-Event-ID the client sent: notifications after it are replayed first. */
  lastEventId: number | null;
  replay(afterId: number): Promise<Notification[]>;
  unread(): Promise<number>;
  heartbeatMs?: number;
  /** The stream is ended after this long (the client reconnects with Last-Event-ID at once). */
  maxMs: number;
}

interface OpenStream {
  userId: string;
  sessionId: string | null;
  openedAt: number;
  /** Whether this stream already carried the notification (the newest RECENT_IDS it sent). */
  hasSent(id: string): boolean;
  sendNotification(notification: Notification, unread: number): void;
  end(): void;
}

/** How many of the notification ids a stream sent it remembers, to send none twice. */
const RECENT_IDS = 512;

/** SSE wire format: an optional id, the event type, one data line (JSON has no raw newlines). */
export function formatEvent(type: LiveEventType, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The open Server-Sent Event streams of this instance. A stream is the raw HTTP response, taken
 * over from Fastify (`reply.hijack()`): the headers say no caching, no transformation and no proxy
 * buffering; a comment every 15 s keeps proxies from closing it as idle. On open it subscribes to
 * the person's events first, then replays the notifications after Last-Event-ID, then sends
 * `ready` with the unread count, then what arrived meanwhile (skipping what the replay sent).
 */
export function createStreamRegistry() {
  const streams = new Set<OpenStream>();
  const byUser = new Map<string, Set<OpenStream>>();

  async function open(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<void> {
    reply.hijack();
    const res = reply.raw;
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    // Disable Nagle for small events; no socket timeout on a stream meant to stay open. (app.inject's
    // socket has neither method: a call would throw after the hijack, and the answer never end.)
    request.raw.socket?.setNoDelay?.(true);
    request.raw.socket?.setTimeout?.(0);

    let ended = false;
    let buffering = true;
    const buffered: LiveEnvelope[] = [];
    // Insertion-ordered: the oldest id is dropped first once RECENT_IDS are kept.
    const sent = new Set<string>();
    const remember = (id: string) => {
      sent.add(id);
      if (sent.size > RECENT_IDS) sent.delete(sent.values().next().value!);
    };
    const write = (chunk: string) => {
      if (!ended) res.write(chunk);
    };
    const send = (event: LiveEnvelope) => {
      if (event.type === 'notification' && event.id) {
        if (sent.has(event.id)) return;
        remember(event.id);
      }
      write(formatEvent(event.type, event.data, event.id));
    };
    const unsubscribe = options.bus.subscribe(options.userId, (event) =>
      buffering ? buffered.push(event) : send(event),
    );
    const stopMode = options.bus.onMode((live) => write(formatEvent('mode', { live } satisfies LiveEvents['mode'])));
    const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    const lifetime = setTimeout(() => stream.end(), options.maxMs);
    const stream: OpenStream = {
      userId: options.userId,
      sessionId: options.sessionId,
      openedAt: Date.now(),
      hasSent: (id) => sent.has(id),
      sendNotification: (notification, unread) =>
        send({ userId: options.userId, type: 'notification', id: notification.id, data: { notification, unread } }),
      end() {
        if (ended) return;
        ended = true;
        streams.delete(stream);
        const mine = byUser.get(options.userId);
        mine?.delete(stream);
        if (mine?.size === 0) byUser.delete(options.userId);
        unsubscribe();
        stopMode();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        res.end();
      },
    };
    streams.add(stream);
    let mine = byUser.get(options.userId);
    if (!mine) byUser.set(options.userId, (mine = new Set()));
    mine.add(stream);
    res.on('close', () => stream.end());
    res.on('error', () => stream.end());

    try {
      write(`retry: 2000\n\n`);
      if (options.lastEventId != null) {
        const missed = await options.replay(options.lastEventId);
        const unread = await options.unread();
        for (const notification of missed) {
          remember(notification.id);
          write(
            formatEvent('notification', { notification, unread } satisfies LiveEvents['notification'], notification.id),
          );
        }
      }
      const ready: LiveEvents['ready'] = { unread: await options.unread(), live: options.bus.live };
      write(formatEvent('ready', ready));
      buffering = false;
      for (const event of buffered.splice(0)) send(event);
    } catch {
      stream.end();
    }
  }

  return {
    open,
    /** Streams of one person on this instance. */
    countFor: (userId: string) => byUser.get(userId)?.size ?? 0,
    /** Whether someone holds a stream here. */
    hasUser: (userId: string) => byUser.has(userId),
    /**
     * Sends the recent notifications a stream here has not carried: those whose live publication
     * never came (the instance that made one died between its commit and its publication, or
     * Redis was down). Answers how many were sent.
     */
    async catchUp(
      recent: { userId: string; notification: Notification }[],
      unreadOf: (userId: string) => Promise<number>,
    ): Promise<number> {
      let count = 0;
      const unread = new Map<string, number>();
      for (const { userId, notification } of recent) {
        for (const stream of byUser.get(userId) ?? []) {
          // A stream opened after the notification was made got it from the lists it loaded then.
          if (stream.hasSent(notification.id) || Date.parse(notification.createdAt) < stream.openedAt) continue;
          if (!unread.has(userId)) unread.set(userId, await unreadOf(userId));
          stream.sendNotification(notification, unread.get(userId)!);
          count += 1;
        }
      }
      return count;
    },
    get size() {
      return streams.size;
    },
    /** A logout ends the streams of that session; a shutdown ends them all (clients reconnect elsewhere). */
    endSession(sessionId: string) {
      for (const s of [...streams]) if (s.sessionId === sessionId) s.end();
    },
    endAll() {
      for (const s of [...streams]) s.end();
    },
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
