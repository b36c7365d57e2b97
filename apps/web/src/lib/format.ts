import { CURRENCY_SYMBOL } from '@meramot/shared';

const taka = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** ৳ with Bangladeshi digit grouping: 1,25,000. */
export function formatTaka(amount: number): string {
  return `${CURRENCY_SYMBOL}${taka.format(amount)}`;
}

const count = new Intl.NumberFormat('en');

/** A count with thousands separators: 100,000. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** Cuts text to `max` characters plus an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });

export function formatDate(iso: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00+06:00`) : new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** The name shown for a person: display name, else the part of the e-mail before @, else "User". */
export function displayNameOf(user: { displayName?: string | null; email?: string | null } | null): string {
  return user?.displayName?.trim() || user?.email?.split('@')[0] || 'User';
}
