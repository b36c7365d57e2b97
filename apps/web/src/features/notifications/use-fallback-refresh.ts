import { LIVE_FALLBACK_REFRESH_MS } from '@meramot/shared';
import { useLiveStatus } from '@/lib/live-events';

/**
 * How often the notification queries refresh themselves: never while the live stream delivers
 * (events keep the cache current), every 30 s otherwise (no stream, or the server's live delivery
 * is down). Quietly: a failed refresh keeps what is shown.
 */
export function useFallbackRefresh(): number | false {
  return useLiveStatus() === 'live' ? false : LIVE_FALLBACK_REFRESH_MS;
}
