/**
 * The words a Bangladeshi customer uses for the same thing, in English, Bangla and Banglish, as
 * data: each group is a set of interchangeable terms (a term of several words is a phrase). The
 * server expands a query with them when searching (the same on PGlite and on a PostgreSQL server:
 * no dictionary files on the database host); the benchmark draws its varied queries from them.
 * Terms are written normalised (`normaliseSearchText`): lower case, NFC, single spaces.
 */
// prettier-ignore
export const SEARCH_VOCABULARY: readonly (readonly string[])[] = [
  // Devices and appliances
  ['mobile', 'phone', 'smartphone', 'cellphone', 'cell phone', 'mobile phone', 'handset', 'phones', 'mobiles', 'smartphones', 'মোবাইল', 'ফোন', 'স্মার্টফোন', 'মোবাইল ফোন'],
  ['fridge', 'refrigerator', 'fridges', 'refrigerators', 'refrigeration', 'ফ্রিজ', 'ফ্রীজ', 'রেফ্রিজারেটর'],
  ['freezer', 'deep freezer', 'freezers', 'ডিপ ফ্রিজ', 'ফ্রিজার'],
  ['ac', 'acs', 'aircon', 'air conditioner', 'air conditioners', 'air conditioning', 'এসি', 'এয়ার কন্ডিশনার'],
  ['tv', 'tvs', 'television', 'televisions', 'টিভি', 'টেলিভিশন'],
  ['laptop', 'laptops', 'notebook', 'notebooks', 'ল্যাপটপ', 'লেপটপ'],
  ['computer', 'computers', 'pc', 'pcs', 'desktop', 'desktops', 'কম্পিউটার', 'ডেস্কটপ'],
  ['washing machine', 'washing machines', 'washer', 'ওয়াশিং মেশিন'],
  ['playstation', 'play station', 'ps5', 'ps4', 'প্লেস্টেশন'],
  ['console', 'consoles', 'game console', 'gaming console', 'কনসোল'],
  ['xbox', 'এক্সবক্স'],
  ['tablet', 'tablets', 'tab', 'ট্যাব', 'ট্যাবলেট'],
  ['ipad', 'ipads', 'আইপ্যাড'],
  ['macbook', 'macbooks', 'mac book', 'ম্যাকবুক'],
  ['camera', 'cameras', 'dslr', 'mirrorless', 'ক্যামেরা'],
  ['cctv', 'security camera', 'সিসিটিভি'],
  ['microwave', 'microwaves', 'oven', 'ovens', 'মাইক্রোওয়েভ', 'ওভেন'],
  ['speaker', 'speakers', 'loudspeaker', 'sound system', 'sound box', 'স্পিকার', 'সাউন্ড সিস্টেম'],
  ['headphone', 'headphones', 'earphone', 'earphones', 'headset', 'হেডফোন', 'ইয়ারফোন'],
  ['home theatre', 'home theater', 'হোম থিয়েটার'],
  ['monitor', 'monitors', 'মনিটর'],
  ['ups', 'ইউপিএস'],
  ['ips', 'আইপিএস'],
  ['inverter', 'inverters', 'ইনভার্টার'],
  ['generator', 'generators', 'জেনারেটর'],
  ['printer', 'printers', 'প্রিন্টার'],
  ['router', 'routers', 'রাউটার'],
  ['wifi', 'wi fi', 'wireless', 'ওয়াইফাই'],
  ['watch', 'smartwatch', 'smart watch', 'ঘড়ি'],
  ['fan', 'fans', 'ফ্যান'],
  ['cooler', 'air cooler', 'air coolers', 'কুলার'],
  ['geyser', 'water heater', 'গিজার'],
  ['blender', 'mixer', 'grinder', 'ব্লেন্ডার'],
  ['electronics', 'electronic', 'ইলেকট্রনিক্স'],

  // Parts and problems
  ['screen', 'screens', 'display', 'displays', 'lcd', 'ডিসপ্লে', 'স্ক্রিন'],
  ['battery', 'batteries', 'ব্যাটারি'],
  ['charging', 'charger', 'chargers', 'charge', 'চার্জিং', 'চার্জার', 'চার্জ'],
  ['adapter', 'adapters', 'adaptor', 'অ্যাডাপ্টার'],
  ['port', 'ports', 'পোর্ট'],
  ['keyboard', 'keyboards', 'কিবোর্ড', 'কীবোর্ড'],
  ['motherboard', 'motherboards', 'logic board', 'mainboard', 'মাদারবোর্ড'],
  ['glass', 'back glass', 'গ্লাস'],
  ['hinge', 'hinges', 'হিঞ্জ'],
  ['compressor', 'compressors', 'কম্প্রেসার'],
  ['gas', 'gas refill', 'gas charge', 'refill', 'refilling', 'গ্যাস'],
  ['cooling', 'not cooling', 'ঠান্ডা'],
  ['led', 'এলইডি'],
  ['ssd', 'hdd', 'hard disk', 'হার্ডডিস্ক'],
  ['ram', 'memory', 'র্যাম'],
  ['software', 'firmware', 'flashing', 'সফটওয়্যার'],
  ['virus', 'antivirus', 'malware', 'ভাইরাস'],
  ['data recovery', 'recover', 'recovery', 'ডেটা রিকভারি'],
  ['water damage', 'water damaged', 'liquid damage', 'পানিতে পড়া'],
  ['broken', 'cracked', 'damaged', 'ভাঙা', 'ফাটা'],
  ['microphone', 'mic', 'মাইক'],
  ['android', 'অ্যান্ড্রয়েড', 'এন্ড্রয়েড'],
  ['gaming', 'game', 'games', 'গেমিং'],
  ['face id', 'faceid'],

  // Kinds of work
  ['repair', 'repairs', 'repairing', 'fix', 'fixing', 'servicing', 'মেরামত', 'সার্ভিসিং', 'রিপেয়ার', 'ঠিক করা'],
  ['installation', 'install', 'installing', 'fitting', 'ইনস্টলেশন', 'লাগানো'],
  ['cleaning', 'clean', 'jet wash', 'পরিষ্কার'],
  ['upgrade', 'upgrades', 'আপগ্রেড'],
  ['replacement', 'replace', 'change', 'বদল', 'রিপ্লেসমেন্ট'],
  ['home service', 'doorstep', 'at home', 'বাসায়'],
  ['cheap', 'budget', 'affordable', 'low cost', 'সস্তা'],
  ['warranty', 'guarantee', 'ওয়ারেন্টি'],
  ['technician', 'technicians', 'mechanic', 'মিস্ত্রি', 'টেকনিশিয়ান'],
  ['shop', 'store', 'centre', 'center', 'দোকান'],

  // Brands
  ['samsung', 'samsang', 'স্যামসাং'],
  ['iphone', 'iphones', 'i phone', 'আইফোন'],
  ['apple', 'অ্যাপল', 'এপল'],
  ['xiaomi', 'redmi', 'mi', 'শাওমি'],
  ['walton', 'ওয়ালটন'],
  ['realme', 'রিয়েলমি'],
  ['oppo', 'অপো'],
  ['vivo', 'ভিভো'],
  ['huawei', 'হুয়াওয়ে'],
  ['nokia', 'নকিয়া'],
  ['symphony', 'সিম্ফনি'],
  ['lg', 'এলজি'],
  ['sony', 'সনি'],
  ['hp', 'এইচপি'],
  ['dell', 'ডেল'],
  ['lenovo', 'লেনোভো'],
  ['asus', 'আসুস'],
  ['acer', 'এসার'],
  ['singer', 'সিঙ্গার'],
  ['gree', 'গ্রি'],

  // The eight divisions and common places
  ['dhaka', 'dacca', 'ঢাকা', 'ঢাকায়'],
  ['chittagong', 'chattogram', 'ctg', 'চট্টগ্রাম', 'চিটাগাং'],
  ['sylhet', 'সিলেট'],
  ['khulna', 'খুলনা'],
  ['rajshahi', 'রাজশাহী'],
  ['barisal', 'barishal', 'বরিশাল'],
  ['rangpur', 'রংপুর'],
  ['mymensingh', 'mymensing', 'ময়মনসিংহ'],
  ['mirpur', 'মিরপুর'],
  ['uttara', 'উত্তরা'],
  ['dhanmondi', 'ধানমন্ডি'],
  ['gulshan', 'গুলশান'],
  ['banani', 'বনানী'],
  ['agrabad', 'আগ্রাবাদ'],
  ['zindabazar', 'জিন্দাবাজার'],
];

/** Lower case, Unicode NFC (one spelling of each Bangla letter), single spaces, trimmed. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A word as the search treats it: letters (any script, with their marks) and digits only. */
export const SEARCH_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of SEARCH_VOCABULARY) for (const term of group) GROUP_OF.set(normaliseSearchText(term), group);

/** The group of interchangeable terms a term (a word or a phrase) belongs to, if any. */
export function synonymGroup(term: string): readonly string[] | undefined {
  return GROUP_OF.get(normaliseSearchText(term));
}

/** The vocabulary's terms of more than one word, longest first, split into words. */
export const VOCABULARY_PHRASES: readonly (readonly string[])[] = [...GROUP_OF.keys()]
  .filter((term) => term.includes(' '))
  .map((term) => term.split(' '))
  .sort((a, b) => b.length - a.length);

/** Every single word of the vocabulary (typo candidates next to the catalogue's own words). */
export const VOCABULARY_WORDS: readonly string[] = [
  ...new Set([...GROUP_OF.keys()].flatMap((term) => term.split(' '))),
];
