import { bengaliDigits } from '../digits';
import { bn, bnFields } from './bn';
import { en, enFields, type MessageKey } from './en';

export { bn, en, bengaliDigits, type MessageKey };

/** The languages the server's sentences come in. */
export type MessageLanguage = 'en' | 'bn';

const keyOfText = new Map<string, MessageKey>(Object.entries(en).map(([key, text]) => [text, key as MessageKey]));
const bnFieldOf = new Map<string, string>(
  Object.entries(enFields).map(([field, label]) => [label, bnFields[field as keyof typeof enFields]]),
);

const fieldPart = (label: string | undefined) => (label ? bnFieldOf.get(label) : undefined);
const num = (text: string | undefined) => bengaliDigits(text ?? '');

/** Sentences built from a field name or a number, in Bangla (undefined: not this sentence). */
const patterns: [RegExp, (m: RegExpExecArray) => string | undefined][] = [
  [/^(.+) is required$/, (m) => fieldPart(m[1]) && `${fieldPart(m[1])} দিতে হবে`],
  [
    /^(.+) must be at least (\d+) characters$/,
    (m) => fieldPart(m[1]) && `${fieldPart(m[1])} কমপক্ষে ${num(m[2])} অক্ষরের হতে হবে`,
  ],
  [
    /^(.+) must be at most (\d+) characters$/,
    (m) => fieldPart(m[1]) && `${fieldPart(m[1])} সর্বোচ্চ ${num(m[2])} অক্ষরের হতে পারে`,
  ],
  [/^You can only see your own .+\.$/, () => 'আপনি শুধু নিজের তথ্য দেখতে পারেন।'],
  [
    /^The service date must be within the next (\d+) days\.$/,
    (m) => `সার্ভিসের তারিখ আগামী ${num(m[1])} দিনের মধ্যে হতে হবে।`,
  ],
  [
    /^You already have (\d+) pending bookings of this service\./,
    (m) =>
      `এই সার্ভিসে আপনার ${num(m[1])}টি বুকিং অপেক্ষমাণ আছে। প্রোভাইডার একটির কাজ শুরু করা পর্যন্ত অপেক্ষা করুন, অথবা একটি বাতিল করে আবার বুক করুন।`,
  ],
  [
    /^You already have (\d+) pending bookings\./,
    (m) =>
      `আপনার ${num(m[1])}টি বুকিং অপেক্ষমাণ আছে। প্রোভাইডাররা কয়েকটির কাজ শুরু করা পর্যন্ত অপেক্ষা করুন, অথবা কয়েকটি বাতিল করে আবার বুক করুন।`,
  ],
  [
    /^This booking is \w+; a booking's status only moves forward/,
    () => 'বুকিংয়ের অবস্থা শুধু সামনে এগোয়: অপেক্ষমাণ, তারপর কাজ চলছে, তারপর সম্পন্ন।',
  ],
  [
    /^Only the first ([\d,]+) services of a list can be paged through/,
    (m) => `একটি তালিকার শুধু প্রথম ${num(m[1])}টি সার্ভিস পেজ করে দেখা যায়: তালিকা ছোট করতে খুঁজুন বা একটি এলাকা বেছে নিন।`,
  ],
  [
    /^Too many requests\. Please wait (\d+) seconds/,
    (m) => `অনেক বেশি অনুরোধ এসেছে। ${num(m[1])} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।`,
  ],
  [/^No route (\S+) (\S+)\.$/, (m) => `${m[1]} ${m[2]} নামে কোনো পথ নেই।`],
  [/^The request failed \(HTTP (\d+)\)\.$/, (m) => `অনুরোধটি ব্যর্থ হয়েছে (HTTP ${m[1]})।`],
];

/** The message of `key` in a language. */
export function message(key: MessageKey, lang: MessageLanguage = 'en'): string {
  return lang === 'bn' ? bn[key] : en[key];
}

/**
 * An English sentence of the catalogue (or one built from a field name) in `lang`; a text the
 * catalogue does not know is answered as it is.
 */
export function localizeMessage(text: string, lang: MessageLanguage): string {
  if (lang === 'en') return text;
  const key = keyOfText.get(text);
  if (key) return bn[key];
  for (const [pattern, toBangla] of patterns) {
    const match = pattern.exec(text);
    const bangla = match && toBangla(match);
    if (bangla) return bangla;
  }
  return text;
}

/** The language an `Accept-Language` header asks for: Bangla when it prefers `bn`, else English. */
export function messageLanguage(acceptLanguage: string | undefined): MessageLanguage {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const first = ranked.find((r) => /^(bn|en)\b/.test(r.tag));
  return first?.tag.startsWith('bn') ? 'bn' : 'en';
}
