import { describe, expect, it, vi } from 'vitest';

/**
 * The signed-in screens' dates, times, relative times and sorted place names use Intl, whose first
 * object starts the browser's ICU (tens to hundreds of ms on a phone): made on first use
 * (lib/format.ts madeOnFirstUse), not as their chunks load, and only for the language shown.
 */
describe('Intl on the signed-in screens', () => {
  it('the signed-in screens’ formatters make no Intl object as their modules load, one when they format', async () => {
    const made: string[] = [];
    const intl = Intl as unknown as Record<string, unknown>;
    const real = new Map<string, unknown>();
    for (const name of ['DateTimeFormat', 'RelativeTimeFormat', 'Collator']) {
      real.set(name, intl[name]);
      intl[name] = new Proxy(intl[name] as object, {
        construct(target, args) {
          made.push(`${name}(${String(args[0])})`);
          return Reflect.construct(target as new (...a: unknown[]) => object, args) as object;
        },
      });
    }
    try {
      vi.resetModules();
      const [{ formatMessageTime }] = await Promise.all([
        import('@/features/conversations/lib/format-message-time'),
        import('@/features/notifications/describe-notification'),
        import('@/features/provider-services/components/place-fields'),
        import('@/features/provider-services/components/terms-summary'),
        import('@/features/bookings/lib/booking-text'),
      ]);
      expect(made).toEqual([]);
      expect(formatMessageTime('2026-11-21T08:05:00Z', 'en-IN', new Date('2026-12-01T00:00:00Z'))).toBe(
        '21 Nov, 14:05',
      );
      expect(made).toEqual(['DateTimeFormat(en-GB)', 'DateTimeFormat(en-GB)', 'DateTimeFormat(en-GB)']);
    } finally {
      for (const [name, value] of real) intl[name] = value;
    }
  });
});
