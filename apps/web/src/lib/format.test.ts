import { afterEach, describe, expect, it } from 'vitest';
import {
  formatArea,
  formatCount,
  formatDate,
  formatDuration,
  formatOneDecimal,
  formatTaka,
  formatTime,
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
