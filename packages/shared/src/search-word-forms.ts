/**
 * How Bangla words are written with their endings, as data beside the vocabulary
 * (search-vocabulary.ts): the server's search reduces a word to its stem on both sides, the
 * catalogue's words and the query's (apps/server/src/search/word-forms.ts), so "মোবাইলের" meets
 * "মোবাইল" and "ফ্রিজের" is not taken for a typo of "ফ্রিজার".
 *
 * Bangla nouns take case and classifier endings (genitive -র / -এর / -ের, objective -কে, locative
 * -এ / -ে / -তে / -য়, the classifiers -টি / -টা / -খানা, plurals -গুলো / -গুলি / -দের / -রা),
 * alone or one after another (-গুলোর, -টার, -টিতে). Loanwords end in the same letters without any
 * ending (কম্পিউটার, ফ্রিজার, ওয়ারেন্টি, ডিসপ্লে), so an ending is cut only
 * - when what is left is a known word (KNOWN_BANGLA_WORDS or the vocabulary's Bangla words), or
 * - when the ending is `sure` (hardly ever the end of a word without an ending) and at least two
 *   letters are left;
 * and a known word is never cut. Sources: the endings as Bangla grammars list them (case,
 * classifier and plural suffixes of nouns); the method, a list of endings tried longest first with
 * a guard against cutting too much, as in the light stemmer of Islam, Uddin and Khan ("A light
 * weight stemmer for Bengali and its use in spelling checker", BRAC University, 2007); the words
 * from the catalogue and the vocabulary. Written in NFC, as searches are.
 */

/** Where an ending may stand: after a vowel sign (a vowel-final word), after a consonant, or anywhere. */
export type EndingAfter = 'vowel-sign' | 'consonant' | 'any';

export interface BanglaEnding {
  ending: string;
  after: EndingAfter;
  /** Cut with at least two letters left, even when the rest is no known word. */
  sure: boolean;
  /** Letters it never follows as an ending (-ে after ছ ends a verb: আছে, চলছে). */
  notAfter?: readonly string[];
  /** The only letters it follows as this rule (-র is sure after ি and ী: টিভির, এসির). */
  onlyAfter?: readonly string[];
}

const e = (
  ending: string,
  after: EndingAfter,
  sure: boolean,
  letters: Pick<BanglaEnding, 'notAfter' | 'onlyAfter'> = {},
): BanglaEnding => ({ ending: ending.normalize('NFC'), after, sure, ...letters });

/** The endings, longest first (the first that may be cut is cut; one ending, or one chain of them). */
export const BANGLA_ENDINGS: readonly BanglaEnding[] = [
  // Plurals with a case ending after them.
  e('গুলোকে', 'any', true),
  e('গুলিকে', 'any', true),
  e('গুলোতে', 'any', true),
  e('গুলিতে', 'any', true),
  e('গুলোর', 'any', true),
  e('গুলির', 'any', true),
  e('গুলোয়', 'any', true),
  e('গুলো', 'any', true),
  e('গুলি', 'any', true),
  e('গুলা', 'any', true),
  e('দেরকে', 'any', true),
  e('দের', 'any', true),
  // Classifiers, alone or with a case ending (-টি and -টার also end ওয়ারেন্টি and কম্পিউটার).
  e('টিতে', 'any', false),
  e('টাতে', 'any', false),
  e('টিকে', 'any', false),
  e('টাকে', 'any', false),
  e('খানা', 'any', false),
  e('খানি', 'any', false),
  e('টির', 'any', false),
  e('টার', 'any', false),
  e('টায়', 'any', false),
  e('টি', 'any', false),
  e('টা', 'any', false),
  // The plural of people (মিস্ত্রিরা) also ends ক্যামেরা.
  e('রা', 'vowel-sign', false),
  // Case endings.
  e('কে', 'any', false),
  e('তে', 'vowel-sign', true),
  e('ের', 'consonant', true),
  e('এর', 'any', true),
  e('য়', 'vowel-sign', true),
  // -র after a vowel: sure after ি and ী (টিভির, এসির); after -া, -ে or -ু it is as often the end of
  // the word itself (কম্পিউটার, ডিসপ্লের, মিরপুর), so there only to a known word.
  e('র', 'vowel-sign', true, { onlyAfter: ['ি', 'ী'] }),
  e('র', 'vowel-sign', false),
  // The locative after a consonant: ফোনে, দোকানে (ডিসপ্লে, রিলে are whole words, listed below).
  e('ে', 'consonant', true, { notAfter: ['ছ'] }),
];

/**
 * Real words the endings must not cut and stems they may leave: the catalogue's devices, parts
 * and trades in Bangla, the loanwords that end like an ending, and a few nouns of the trade. The
 * vocabulary's Bangla words count too.
 */
// prettier-ignore
export const KNOWN_BANGLA_WORDS: readonly string[] = [
  // Loanwords and words that end like an ending, whole as they are.
  'কম্পিউটার', 'ফ্রিজার', 'চার্জার', 'মনিটর', 'প্রিন্টার', 'স্পিকার', 'হিটার', 'রাউটার', 'ইনভার্টার',
  'অ্যাডাপ্টার', 'এডাপ্টার', 'কম্প্রেসার', 'কমপ্রেসার', 'ব্লেন্ডার', 'ড্রায়ার', 'জুসার', 'স্টেবিলাইজার',
  'রেফ্রিজারেটর', 'জেনারেটর', 'কন্ডিশনার', 'মিটার', 'স্ক্যানার', 'প্রজেক্টর', 'কন্ট্রোলার', 'থিয়েটার',
  'সফটওয়্যার', 'হার্ডওয়্যার', 'ফার্মওয়্যার', 'পরিষ্কার', 'ওয়ারেন্টি', 'গ্যারান্টি', 'ব্যাটারি',
  'ডিসপ্লে', 'ডিস্প্লে', 'প্লে', 'হুয়াওয়ে', 'রিলে', 'ট্রে', 'স্প্রে', 'ক্যামেরা', 'ঘণ্টা', 'ডেটা', 'ডাটা', 'কোটা',
  'সেফটি', 'কোয়ালিটি', 'সিটি', 'প্রতিটি', 'আমাদের', 'তাদের', 'সদর', 'ভেতর', 'বাজার', 'শহর',
  // Words of every sentence that end in -ে without a case ending.
  'আগে', 'পরে', 'থেকে', 'মধ্যে', 'সাথে', 'সঙ্গে', 'হয়ে', 'নিয়ে', 'দিয়ে', 'এসে', 'গিয়ে', 'জানিয়ে', 'ধীরে', 'ফেটে', 'ভেঙে',
  'মেরামত',
  // Devices, parts and trades.
  'মোবাইল', 'ফোন', 'স্মার্টফোন', 'ফ্রিজ', 'এসি', 'টিভি', 'ল্যাপটপ', 'লেপটপ', 'ট্যাব', 'মেশিন', 'ওভেন',
  'স্ক্রিন', 'চার্জ', 'পোর্ট', 'বোর্ড', 'মাদারবোর্ড', 'কিবোর্ড', 'ক্যাবল', 'তার', 'প্যানেল',
  'মোটর', 'গ্যাস', 'পাখা', 'ফ্যান', 'লাইট', 'বাল্ব', 'ঘড়ি', 'সুইচ', 'সকেট', 'বাটন',
  'দোকান', 'বাসা', 'বাড়ি', 'মিস্ত্রি', 'কারিগর', 'সার্ভিস', 'কাজ', 'দিন', 'মাস', 'মান', 'দাম', 'টাকা',
  'যন্ত্র', 'যন্ত্রাংশ', 'পার্টস', 'সমস্যা', 'পানি', 'আগুন', 'শব্দ', 'ছবি', 'ঢাকা', 'খুলনা', 'সিলেট',
  'রাজশাহী', 'বরিশাল', 'রংপুর', 'চট্টগ্রাম', 'ময়মনসিংহ',
];
