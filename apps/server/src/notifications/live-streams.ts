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
  end(): void;
}

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
  const perUser = new Map<string, number>();

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
    // Disable Nagle for small events; no socket timeout on a stream meant to stay open.
    request.raw.socket?.setNoDelay(true);
    request.raw.socket?.setTimeout(0);

    let ended = false;
    let buffering = true;
    const buffered: LiveEnvelope[] = [];
    const replayed = new Set<string>();
    const write = (chunk: string) => {
      if (!ended) res.write(chunk);
    };
    const send = (event: LiveEnvelope) => {
      if (event.type === 'notification' && event.id && replayed.has(event.id)) return;
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
      end() {
        if (ended) return;
        ended = true;
        streams.delete(stream);
        const left = (perUser.get(options.userId) ?? 1) - 1;
        if (left > 0) perUser.set(options.userId, left);
        else perUser.delete(options.userId);
        unsubscribe();
        stopMode();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        res.end();
      },
    };
    streams.add(stream);
    perUser.set(options.userId, (perUser.get(options.userId) ?? 0) + 1);
    res.on('close', () => stream.end());
    res.on('error', () => stream.end());

    try {
      write(`retry: 2000\n\n`);
      if (options.lastEventId != null) {
        const missed = await options.replay(options.lastEventId);
        const unread = await options.unread();
        for (const notification of missed) {
          replayed.add(notification.id);
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
    countFor: (userId: string) => perUser.get(userId) ?? 0,
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
