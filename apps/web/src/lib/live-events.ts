import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createParser } from 'eventsource-parser';
import { LIVE_HEARTBEAT_MS, type LiveEvents, type LiveEventType } from '@meramot/shared';
import { refreshSession, sessionToken } from './api-client';

/**
 * The live stream of the signed-in person (GET /api/events, Server-Sent Events), one per tab.
 * It is read with fetch (an EventSource cannot send the Authorization header) and parsed by
 * eventsource-parser; after a drop it reconnects with Last-Event-ID, so the server replays the
 * notifications missed meanwhile. Status: `live` (events arrive within a second), `polling` (no
 * stream, or the server says live delivery is down: screens refresh every 30 s), `off` (signed out).
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'polling';

type Listener<K extends LiveEventType> = (data: LiveEvents[K], id: string | undefined) => void;
const listeners = new Map<LiveEventType, Set<Listener<LiveEventType>>>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'off';

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const l of statusListeners) l();
}

/** Subscribes to one type of event; answers the unsubscribe. */
export function subscribeLive<K extends LiveEventType>(type: K, listener: Listener<K>): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  set.add(listener as Listener<LiveEventType>);
  return () => set.delete(listener as Listener<LiveEventType>);
}

/** Delivers an event to its listeners (the stream calls it; tests may too). */
export function dispatchLive<K extends LiveEventType>(type: K, data: LiveEvents[K], id?: string): void {
  if (type === 'ready') setStatus((data as LiveEvents['ready']).live ? 'live' : 'polling');
  if (type === 'mode') setStatus((data as LiveEvents['mode']).live ? 'live' : 'polling');
  for (const l of listeners.get(type) ?? []) l(data, id);
}

export const liveStatus = (): LiveStatus => status;

/** Backoff before reconnect attempt n: 1 s, 2 s, 4 s ... at most 30 s, with jitter. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000) * (0.75 + Math.random() / 2);
/** Without a byte for three heartbeats the stream is taken for dead and reopened. */
const SILENCE_MS = LIVE_HEARTBEAT_MS * 3;

async function readStream(signal: AbortSignal, lastEventId: { value: string | null }): Promise<'again' | 'stop'> {
  let token = sessionToken();
  if (!token) return 'stop';
  const open = (t: string) =>
    fetch('/api/events', {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${t}`,
        ...(lastEventId.value ? { 'last-event-id': lastEventId.value } : {}),
      },
      cache: 'no-store',
      signal,
    });
  let res = await open(token);
  if (res.status === 401) {
    token = await refreshSession();
    if (!token) return 'stop';
    res = await open(token);
  }
  if (!res.ok || !res.body) return res.status === 401 ? 'stop' : 'again';
  const parser = createParser({
    onEvent(event) {
      if (event.id) lastEventId.value = event.id;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      dispatchLive((event.event ?? 'message') as LiveEventType, data as never, event.id);
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const watchdog = new AbortController();
  let timer = setTimeout(() => watchdog.abort(), SILENCE_MS);
  const onAbort = () => void reader.cancel().catch(() => undefined);
  watchdog.signal.addEventListener('abort', onAbort);
  signal.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      clearTimeout(timer);
      timer = setTimeout(() => watchdog.abort(), SILENCE_MS);
      parser.feed(value);
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  return 'again';
}

let users = 0;
let controller: AbortController | null = null;

async function run(signal: AbortSignal) {
  const lastEventId = { value: null as string | null };
  let attempt = 0;
  setStatus('connecting');
  while (!signal.aborted) {
    const started = Date.now();
    let outcome: 'again' | 'stop' = 'again';
    try {
      outcome = await readStream(signal, lastEventId);
    } catch {
      outcome = 'again';
    }
    if (signal.aborted) break;
    if (outcome === 'stop') {
      setStatus('off');
      return;
    }
    setStatus('polling');
    // A stream that lived a while starts the backoff over.
    if (Date.now() - started > 60_000) attempt = 0;
    await new Promise((r) => setTimeout(r, reconnectDelay(attempt++)));
  }
  setStatus('off');
}

/** Keeps the tab's stream open while `enabled` (signed in); several callers share one stream. */
export function useLiveConnection(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    if (users === 1) {
      controller = new AbortController();
      void run(controller.signal);
    }
    return () => {
      users -= 1;
      if (users === 0) {
        controller?.abort();
        controller = null;
        setStatus('off');
      }
    };
  }, [enabled]);
}

/** Calls `listener` for every event of `type` while mounted (the latest listener, without re-subscribing). */
export function useLiveEvent<K extends LiveEventType>(type: K, listener: Listener<K>): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => subscribeLive(type, (data, id) => ref.current(data, id)), [type]);
}

/** The stream's status; screens refresh every 30 s (LIVE_FALLBACK_REFRESH_MS) unless it is `live`. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (cb) => {
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    liveStatus,
    liveStatus,
  );
}
