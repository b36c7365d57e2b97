import { truncate } from './format';

/**
 * How long an SMS may be, and cutting user values until it fits. A text of GSM-7 characters fits
 * 160 in one SMS; one with any other character (Bangla, ৳, curly quotes) goes as UCS-2, 70 in one
 * SMS or 67 a part when split, so we allow two parts (134): a link alone takes 40 to 60.
 */
export const SMS_MAX = { gsm7: 160, ucs2: 134 } as const;

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** These take two GSM-7 units (an escape and the character). */
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

/** The encoding an SMS gateway uses for this text, and its length in that encoding's units. */
export function smsUnits(text: string): { encoding: 'gsm7' | 'ucs2'; length: number } {
  let length = 0;
  for (const c of text) {
    if (GSM7_BASIC.has(c)) length += 1;
    else if (GSM7_EXTENDED.has(c)) length += 2;
    else return { encoding: 'ucs2', length: text.length };
  }
  return { encoding: 'gsm7', length };
}

/** Units over the limit of the text's encoding (0 or less: it fits). */
function overBy(text: string): number {
  const units = smsUnits(text);
  return units.length - SMS_MAX[units.encoding];
}

type Values = { service: string; actor: string };

/** No value is cut shorter than this (the ellipsis included). */
const MIN_VALUE = 10;

/**
 * Builds the SMS and, when it is too long, cuts the service name and the person's name to a common
 * length, the longer first (a long name no longer costs the service its words), down to MIN_VALUE.
 * The link is never cut: a cut link leads nowhere. A link too long for any text is sent whole.
 */
export function fitSms(build: (values: Values) => string, values: Values, ellipsis: string): string {
  let text = build(values);
  let over = overBy(text);
  if (over <= 0) return text;
  const marker = '\ue000';
  const used = (Object.keys(values) as (keyof Values)[]).filter((field) =>
    build({ ...values, [field]: marker }).includes(marker),
  );
  const total = (cap: number) => used.reduce((sum, field) => sum + Math.min(values[field].length, cap), 0);
  let cap = Math.max(...used.map((field) => values[field].length));
  // Extension characters of GSM-7 count twice, so a pass may fall short: a few more close the gap.
  for (let pass = 0; pass < 4 && over > 0 && cap > MIN_VALUE; pass++) {
    const target = total(cap) - over;
    while (cap > MIN_VALUE && total(cap) > target) cap--;
    const cut = { ...values };
    for (const field of used) cut[field] = truncate(values[field], cap, ellipsis);
    text = build(cut);
    over = overBy(text);
  }
  return text;
}
