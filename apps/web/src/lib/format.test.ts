import { afterEach, describe, expect, it } from 'vitest';
import {
  formatArea,
  formatCount,
  formatDate,
  formatDuration,
  formatOneDecimal,
  formatTaka,
  formatTime,
  intlFormat,
  madeOnFirstUse,
  toLatinDigits,
} from './format';
import { addTranslations, setLanguage } from './i18n';

describe('number formats', () => {
  it('group the Bangladeshi way (lakh, crore) in English', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(100_000)).toBe('1,00,000');
    expect(formatCount(12_345_678)).toBe('1,23,45,678');
    expect(formatTaka(123_450)).toBe('৳1,23,450');
    expect(formatTaka(1500.5)).toBe('৳1,500.5');
    expect(formatOneDecimal(4.25)).toBe('4.3');
  });

  it('take the locale as an argument: Bangla digits with the same grouping', () => {
    expect(formatCount(100_000, 'bn-BD')).toBe('১,০০,০০০');
    expect(formatTaka(123_450, 'bn-BD')).toBe('৳১,২৩,৪৫০');
  });
});

describe('formats follow the language in use', () => {
  afterEach(async () => setLanguage('en'));

  it('use Bengali digits, Bangla month names and Bangla area names in Bangla', async () => {
    expect(formatDate('2026-03-05')).toBe('5 Mar 2026');
    expect(formatArea('Sylhet')).toBe('Sylhet');
    expect(formatDuration('45min')).toBe('45min');
    addTranslations('common', {}, () =>
      import('../locales/bn/core').then((m) => ({ default: m.coreResources.common })),
    );
    await setLanguage('bn');
    expect(formatTaka(123_450)).toBe('৳১,২৩,৪৫০');
    expect(formatCount(1_00_000)).toBe('১,০০,০০০');
    expect(formatOneDecimal(4.5)).toBe('৪.৫');
    expect(formatDate('2026-03-05')).toBe('৫ মার্চ, ২০২৬');
    expect(formatDate('2026-03-04T20:30:00Z')).toBe('৫ মার্চ, ২০২৬');
    expect(formatTime(new Date('2026-03-04T20:30:09Z'))).toBe('০২:৩০:০৯');
    expect(formatArea('Sylhet')).toBe('সিলেট');
    expect(formatArea('Atlantis')).toBe('Atlantis');
    expect(formatDuration('3h 10min')).toBe('৩ ঘণ্টা ১০ মিনিট');
    expect(formatDuration('2 days 4h')).toBe('২ দিন ৪ ঘণ্টা');
  });

  it('reads Bengali digits typed into a number field as Latin digits', () => {
    expect(toLatinDigits('৳১,৫০০')).toBe('৳1,500');
    expect(toLatinDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(toLatinDigits('01712 345678')).toBe('01712 345678');
  });
});

describe('dates and times in Dhaka, written without Intl', () => {
  /** Every month's first and last hours in Dhaka from 2008 to 2031, the summer time of 2009, and random moments. */
  function moments(): Date[] {
    const out: Date[] = [];
    for (let year = 2008; year <= 2031; year++) {
      for (let month = 0; month < 12; month++) {
        const first = Date.UTC(year, month, 1) - 6 * 3600_000;
        out.push(new Date(first), new Date(first - 1000), new Date(first + 3599_000));
      }
    }
    let seed = 6;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      out.push(new Date(Date.UTC(2005, 0, 1) + (seed / 2 ** 31) * 30 * 365 * 86400_000));
    }
    out.push(new Date('2009-06-19T17:30:00Z'), new Date('2009-12-31T17:59:59Z'), new Date('+010000-01-01T00:00:00Z'));
    return out;
  }

  it('writes what Intl.DateTimeFormat writes, in both languages', () => {
    for (const locale of ['en-IN', 'bn-BD'] as const) {
      for (const d of moments()) {
        expect([d.toISOString(), formatDate(d.toISOString(), locale)]).toEqual([
          d.toISOString(),
          intlFormat(locale).date.format(d),
        ]);
        expect([d.toISOString(), formatTime(d, locale)]).toEqual([d.toISOString(), intlFormat(locale).time.format(d)]);
      }
    }
  });
});

describe('Intl made on first use', () => {
  it('makes a key’s value once, on its first use, and only that key’s', () => {
    const made: string[] = [];
    const of = madeOnFirstUse((key: 'en' | 'bn') => {
      made.push(key);
      return { key };
    });
    expect(made).toEqual([]);
    const first = of('bn');
    expect(of('bn')).toBe(first);
    expect(made).toEqual(['bn']);
    expect(of('en')).toEqual({ key: 'en' });
    expect(made).toEqual(['bn', 'en']);
  });
});
