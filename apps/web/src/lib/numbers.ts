/**
 * Numbers written the Bangladeshi way without `Intl` (issue 22): grouped by lakh and crore
 * (12,34,567.89), rounded half away from zero on the number's shortest decimal form, in Latin or
 * Bengali digits. The same text as `Intl.NumberFormat('en-IN' | 'bn-BD', { minimumFractionDigits,
 * maximumFractionDigits })`, which numbers.test.ts checks over many numbers.
 *
 * Why not Intl: a page's first `Intl.NumberFormat` (or `DateTimeFormat`) starts the browser's ICU,
 * 130-350 ms of the main thread at Lighthouse's 4× slowdown (a third of a public page's blocking
 * time, docs/performance-web.md), and every public page writes a price or a count while it
 * hydrates. What is written here is plain digits, a sign, two separators and a digit map.
 */

import { bengaliDigits } from '@meramot/shared/digits';

/** The digits of a non-negative finite number's shortest decimal form (`String`), exponent written out. */
function decimalDigits(abs: number): { whole: string; fraction: string } {
  const [, whole = '0', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(abs)) ?? [];
  const shift = Number(exponent);
  if (shift === 0) return { whole, fraction };
  const digits = whole + fraction;
  const point = whole.length + shift;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  return { whole: digits.slice(0, point).padEnd(point, '0'), fraction: digits.slice(point) };
}

/** A string of decimal digits plus one in its last place ("0999" → "1000"). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs. */
function groupLakh(whole: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  const pairs = head.length % 2 === 1 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${whole.slice(-3)}`;
}

/**
 * `n` with `minimumFractionDigits` to `maximumFractionDigits` decimals, grouped by lakh and crore,
 * in Bengali digits when `bengali`: what Intl.NumberFormat('en-IN' / 'bn-BD') writes.
 */
export function formatDecimal(
  n: number,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
  bengali = false,
): string {
  const negative = n < 0 || Object.is(n, -0);
  let text: string;
  if (Number.isNaN(n)) text = 'NaN';
  else if (!Number.isFinite(n)) text = '∞';
  else if (Number.isInteger(n) && Math.abs(n) < 1e21) {
    // Most prices and every count: no rounding, String writes all the digits.
    text = groupLakh(String(Math.abs(n))) + (minimumFractionDigits > 0 ? `.${'0'.repeat(minimumFractionDigits)}` : '');
  } else {
    const { whole, fraction } = decimalDigits(Math.abs(n));
    let kept = whole + fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0');
    if (fraction.length > maximumFractionDigits && fraction[maximumFractionDigits]! >= '5') kept = increment(kept);
    const point = kept.length - maximumFractionDigits;
    const roundedWhole = kept.slice(0, point).replace(/^0+(?=\d)/, '');
    let decimals = kept.slice(point);
    while (decimals.length > minimumFractionDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
    text = groupLakh(roundedWhole) + (decimals ? `.${decimals}` : '');
  }
  if (negative && !Number.isNaN(n)) text = `-${text}`;
  return bengali ? bengaliDigits(text) : text;
}
