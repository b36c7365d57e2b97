/**
 * What people type into Meramot's search, for the varied scenarios of `npm run bench`: words of the
 * generated catalogue (brands, jobs, places, provider names), the everyday words and synonyms a
 * customer in Bangladesh uses, Bangla words, common misspellings and words the catalogue does not
 * have. Pure data; bench/varied-requests.mjs draws from it. (The server's own search vocabulary
 * lives in packages/shared; this list is the traffic, not the dictionary.)
 */

// prettier-ignore
export const BRANDS = [
  'samsung', 'iphone', 'xiaomi', 'realme', 'oppo', 'vivo', 'symphony', 'walton', 'infinix', 'tecno', 'oneplus',
  'nokia', 'hp', 'dell', 'lenovo', 'asus', 'acer', 'macbook', 'msi', 'toshiba', 'sony', 'lg', 'vision', 'singer',
  'tcl', 'jamuna', 'minister', 'gree', 'general', 'midea', 'carrier', 'daikin', 'haier', 'panasonic', 'sharp',
  'canon', 'playstation', 'ipad',
];

/** Devices and jobs, as the catalogue's service names spell them. */
// prettier-ignore
export const JOBS = [
  'mobile', 'phone', 'smartphone', 'screen', 'battery', 'charging', 'port', 'repair', 'replacement', 'water damage',
  'camera', 'software', 'flashing', 'speaker', 'mic', 'back glass', 'laptop', 'motherboard', 'keyboard', 'hinge',
  'computer', 'servicing', 'cleaning', 'pc', 'upgrade', 'ssd', 'ram', 'virus', 'led', 'tv', 'panel', 'smart tv',
  'backlight', 'television', 'power board', 'wall mounting', 'display', 'sound', 'android', 'ac', 'gas refill',
  'installation', 'inverter', 'pcb', 'shifting', 'air conditioning', 'leak', 'compressor', 'window', 'refrigerator',
  'washing machine', 'microwave', 'oven', 'sound system', 'lens', 'game console', 'tablet', 'freezer', 'gaming',
  'desktop', 't-con',
];

/** Words customers use that the generated names do not carry (the new search maps them by synonym). */
// prettier-ignore
export const EVERYDAY = [
  'fridge', 'aircon', 'air conditioner', 'cellphone', 'handset', 'notebook', 'ps5', 'ps4', 'xbox', 'telly',
  'monitor', 'charger', 'touch', 'dead', 'not charging', 'broken screen', 'home service', 'doorstep', 'warranty',
  'cheap', 'urgent', 'same day', 'bkash', 'genuine parts',
];

/**
 * The eight divisions and the neighbourhoods the generated descriptions name. (Searches naming one of
 * Bangladesh's 64 districts or 562 areas, and the district and area filters, are drawn from the
 * server's own list of places: bench/varied-requests.mjs.)
 */
// prettier-ignore
export const PLACES = [
  'dhaka', 'chittagong', 'rajshahi', 'khulna', 'barisal', 'sylhet', 'rangpur', 'mymensingh', 'mirpur', 'dhanmondi',
  'uttara', 'gulshan', 'mohammadpur', 'agrabad', 'halishahar', 'nasirabad', 'zindabazar', 'ambarkhana', 'sonadanga',
  'khalishpur', 'banani', 'bashundhara', 'motijheel', 'chawkbazar', 'panchlaish', 'boyra', 'chattogram', 'ctg',
];

/** Provider names (the generated providers are named after people). */
// prettier-ignore
export const PEOPLE = [
  'rahim', 'karim', 'fatema', 'nusrat', 'tanvir', 'sharmin', 'arif', 'jahid', 'ayesha', 'imran', 'rakib', 'habib',
  'uddin', 'hossain', 'akter', 'ahmed', 'chowdhury', 'rahman', 'islam', 'talukder', 'bhuiyan', 'mondal',
];

/** Queries of two words, as people write them. */
// prettier-ignore
export const PHRASES = [
  'laptop dhaka', 'iphone screen', 'mobile battery', 'phone charging port', 'ac servicing dhaka', 'tv repair khulna',
  'samsung tv', 'fridge repair', 'walton fridge', 'gas refill', 'ac gas', 'laptop keyboard', 'hp laptop',
  'dell battery', 'xiaomi screen', 'washing machine', 'microwave repair', 'led tv', 'smart tv sylhet', 'ps5 repair',
  'ac installation chittagong', 'mobile mirpur', 'laptop uttara', 'inverter ac', 'split ac', 'tv panel',
  'macbook battery', 'camera lens', 'oppo charging', 'realme display',
];

/** Bangla devices, jobs and brands (a search naming a place pairs one with the place's Bangla name). */
// prettier-ignore
export const BANGLA_JOBS = [
  'মোবাইল', 'ফোন', 'স্মার্টফোন', 'ল্যাপটপ', 'কম্পিউটার', 'এসি', 'ফ্রিজ', 'টিভি', 'টেলিভিশন', 'ওয়াশিং মেশিন',
  'মাইক্রোওয়েভ', 'ক্যামেরা', 'ব্যাটারি', 'স্ক্রিন', 'চার্জিং', 'মেরামত', 'সার্ভিসিং', 'গ্যাস', 'স্যামসাং', 'ওয়ালটন',
];

// prettier-ignore
export const BANGLA = [
  ...BANGLA_JOBS,
  'ঢাকা', 'চট্টগ্রাম', 'সিলেট', 'খুলনা', 'রাজশাহী', 'বরিশাল', 'রংপুর', 'ময়মনসিংহ', 'মিরপুর', 'ধানমন্ডি', 'উত্তরা',
  'মোবাইল স্ক্রিন', 'এসি সার্ভিসিং', 'ফ্রিজ ঢাকা', 'ল্যাপটপ ব্যাটারি', 'টিভি মেরামত',
];

/** Misspellings seen in the wild (more are made at random from the words above). */
// prettier-ignore
export const TYPOS = [
  'labtop', 'laptp', 'samsng', 'samsang', 'refigerator', 'refrigerater', 'fridg', 'moblie', 'mobil', 'televison',
  'telivision', 'batery', 'battry', 'keybord', 'mothrboard', 'iphon', 'ifone', 'xiomi', 'shaomi', 'waltn', 'chargin',
  'compresser', 'conditoner', 'microwav', 'wasing mashine', 'servising', 'daka', 'chitagong', 'silet', 'kulna',
  'screan', 'dispaly', 'speeker', 'camra', 'playstaton', 'tablit', 'lenevo', 'panasonik', 'aircondition',
];

/** Words nothing in the catalogue matches (more are made at random). */
// prettier-ignore
export const NO_MATCH = [
  'bicycle', 'plumber', 'haircut', 'tutoring', 'zebra', 'wedding', 'catering', 'carpenter', 'xylophone', 'quasar',
  'saxophone', 'tractor', 'yoga', 'violin', 'bakery', 'passport', 'umbrella', 'kayak',
];

/** Every single word a prefix may be typed from (the last word of a phrase counts too). */
export const TYPED_WORDS = [
  ...new Set([...BRANDS, ...JOBS, ...EVERYDAY, ...PLACES, ...PEOPLE, ...BANGLA].flatMap((w) => w.split(' '))),
];
