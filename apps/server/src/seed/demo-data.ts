import type { Area } from '@meramot/shared';

/**
 * The demo marketplace seeded into an empty database: people, their services, and the words used
 * for booking notes and reviews. Pure data; src/seed/demo.ts turns it into rows.
 */

/** Every demo account signs in with this password (it meets the sign-up rule: 6+ characters, upper and lower case). */
export const DEMO_PASSWORD = 'Meramot123';
export const DEMO_EMAIL_DOMAIN = 'meramot.test';

export interface DemoPerson {
  /** File name of the avatar under /images/avatars, and the base of uid and e-mail. */
  key: string;
  name: string;
  phone: string | null;
  emailVerified: boolean;
  /** Shown next to the login in the start script and the README. */
  role: string;
}

// prettier-ignore
export const DEMO_PROVIDERS: readonly DemoPerson[] = [
  { key: 'rahim-uddin', name: 'Rahim Uddin', phone: '01711345678', emailVerified: true, role: 'Provider: mobile and tablet repair, Mirpur (Dhaka)' },
  { key: 'fatema-akter', name: 'Fatema Akter', phone: '01819234567', emailVerified: true, role: 'Provider: laptop and PC repair, Dhanmondi (Dhaka)' },
  { key: 'karim-hossain', name: 'Karim Hossain', phone: '01912456789', emailVerified: true, role: 'Provider: AC, fridge and TV, Uttara (Dhaka) and Mymensingh' },
  { key: 'nusrat-jahan', name: 'Nusrat Jahan', phone: '01556789012', emailVerified: true, role: 'Provider: phones, laptops and cameras, Zindabazar (Sylhet)' },
  { key: 'tanvir-ahmed', name: 'Tanvir Ahmed', phone: null, emailVerified: false, role: 'Provider: TV, AC and sound systems, Shaheb Bazar (Rajshahi)' },
  { key: 'sharmin-sultana', name: 'Sharmin Sultana', phone: '01678123456', emailVerified: true, role: 'Provider: home appliances and AC, Sonadanga (Khulna)' },
  { key: 'arif-chowdhury', name: 'Arif Chowdhury', phone: '01815567890', emailVerified: true, role: 'Provider: AC, TV and laptops, Agrabad (Chittagong)' },
  { key: 'moushumi-das', name: 'Moushumi Das', phone: null, emailVerified: false, role: 'Provider: phones, TV and washing machines, Sadar Road (Barisal)' },
  { key: 'jahid-hasan', name: 'Jahid Hasan', phone: '01737901234', emailVerified: false, role: 'Provider: AC, TV and fridges, Jahaj Company More (Rangpur)' },
  { key: 'sabbir-rahman', name: 'Sabbir Rahman', phone: '01322345678', emailVerified: true, role: 'Provider: phones, consoles and PC upgrades, Ganginarpar (Mymensingh)' },
];

// prettier-ignore
export const DEMO_CUSTOMERS: readonly DemoPerson[] = [
  { key: 'ayesha-siddiqua', name: 'Ayesha Siddiqua', phone: null, emailVerified: true, role: 'Customer' },
  { key: 'imran-kabir', name: 'Imran Kabir', phone: '01911223344', emailVerified: false, role: 'Customer' },
  { key: 'farhana-yasmin', name: 'Farhana Yasmin', phone: null, emailVerified: false, role: 'Customer' },
  { key: 'rakib-hasan', name: 'Rakib Hasan', phone: '01521334455', emailVerified: true, role: 'Customer' },
  { key: 'tasnim-ara', name: 'Tasnim Ara', phone: null, emailVerified: false, role: 'Customer' },
  { key: 'mahmudul-islam', name: 'Mahmudul Islam', phone: '01715667788', emailVerified: false, role: 'Customer' },
];

export const DEMO_PEOPLE: readonly DemoPerson[] = [...DEMO_PROVIDERS, ...DEMO_CUSTOMERS];

/** rahim-uddin → rahim@meramot.test (first names are unique among the demo people). */
export function demoEmail(person: DemoPerson): string {
  return `${person.key.split('-')[0]}@${DEMO_EMAIL_DOMAIN}`;
}

export function demoUid(person: DemoPerson): string {
  return `demo-${person.key.split('-')[0]}`;
}

export function demoAvatar(person: DemoPerson): string {
  return `/images/avatars/${person.key}.webp`;
}

/** The demo logins, for the start script and the README. */
export const DEMO_LOGINS: ReadonlyArray<{ email: string; name: string; role: string }> = DEMO_PEOPLE.map((p) => ({
  email: demoEmail(p),
  name: p.name,
  role: p.role,
}));

/** Which notes and reviews suit a service. */
export type DemoKind = 'phone' | 'laptop' | 'tv' | 'ac' | 'other';

export interface DemoService {
  provider: string;
  name: string;
  description: string;
  price: number;
  area: Area;
  /** File name under /images/services, without extension. */
  image: string;
  kind: DemoKind;
  /** How long ago the service was listed. */
  ageDays: number;
  paused?: boolean;
}

const s = (
  provider: string,
  area: Area,
  kind: DemoKind,
  image: string,
  price: number,
  ageDays: number,
  name: string,
  description: string,
  paused = false,
): DemoService => ({ provider, area, kind, image, price, ageDays, name, description, paused });

// prettier-ignore
export const DEMO_SERVICES: readonly DemoService[] = [
  // Dhaka
  s('rahim-uddin', 'Dhaka', 'phone', 'smartphone-1', 2500, 170, 'Samsung & iPhone Mobile Screen Replacement',
    'Cracked or unresponsive screen? We fit genuine and original-grade Samsung and Apple panels in about 45 minutes at our Mirpur-10 shop, or at your doorstep anywhere in Mirpur and Pallabi. Every screen carries a 90-day replacement warranty.'),
  s('rahim-uddin', 'Dhaka', 'phone', 'smartphone-2', 900, 150, 'Smartphone Battery & Charging Port Repair',
    'Phone dying by the afternoon or charging only at an angle? We replace swollen batteries and worn Type-C and Lightning ports with genuine parts and test them in front of you. 6-month warranty on batteries.'),
  s('rahim-uddin', 'Dhaka', 'phone', 'smartphone-3', 1200, 60, 'Water-Damaged Mobile Recovery',
    'Dropped your phone in water or tea? Bring it in switched off: we clean the board ultrasonically, dry it properly and recover photos and contacts even when the phone cannot be saved. Free diagnosis in Mirpur and Kazipara.'),
  s('rahim-uddin', 'Dhaka', 'other', 'tablet', 3200, 95, 'iPad & Android Tablet Glass Repair',
    'Broken glass, dead touch or a tablet stuck on the logo: we repair iPad, Samsung Tab and Xiaomi Pad models with genuine parts. Pick-up and drop available in Mirpur, Uttara and Banani.'),
  s('fatema-akter', 'Dhaka', 'laptop', 'laptop-1', 4500, 180, 'Laptop Motherboard & Chip-Level Repair',
    'No power, no picture or liquid damage? Our Elephant Road lab does chip-level motherboard work (BIOS, charging IC, GPU reballing) on HP, Dell, Lenovo, Asus and Acer laptops. Honest quotes before any work and a 3-month service warranty.'),
  s('fatema-akter', 'Dhaka', 'laptop', 'laptop-2', 2800, 120, 'Laptop Keyboard, Hinge & Screen Replacement',
    'Broken hinges, sticky keys or a cracked panel fixed with genuine parts, usually the same day. We come to your home or office in Dhanmondi, Lalmatia and Mohammadpur.'),
  s('fatema-akter', 'Dhaka', 'laptop', 'laptop-3', 1500, 40, 'Gaming PC Build & Desktop Computer Servicing',
    'Dust clean-up, fresh thermal paste, cable management and a Windows tune-up for desktops, or a full custom gaming PC build with parts from Multiplan Center. Doorstep service across Dhanmondi and Kalabagan.'),
  s('karim-hossain', 'Dhaka', 'ac', 'ac-1', 2500, 165, 'Split AC Servicing & Gas Refill',
    'Full jet-wash servicing of indoor and outdoor units, a gas pressure check and R32 or R410A refill for all brands. Technicians reach Uttara, Bashundhara and Gulshan within 24 hours, with a 30-day cooling guarantee.'),
  s('karim-hossain', 'Dhaka', 'other', 'fridge', 1800, 130, 'Refrigerator & Deep Freezer Repair',
    'Fridge not cooling, a noisy compressor or ice build-up? We repair Walton, Samsung, LG and Singer refrigerators at your home with genuine compressors and thermostats, and a 6-month warranty on parts.'),
  s('karim-hossain', 'Dhaka', 'tv', 'tv-1', 1200, 12, 'Smart TV Repair & Wall Mounting',
    'Smart TV repairs and neat wall mounting with hidden cables, for 32 to 75 inch sets. We bring our own brackets and drill and clean up afterwards, in Uttara, Bashundhara and Baridhara.'),

  // Chittagong
  s('arif-chowdhury', 'Chittagong', 'ac', 'ac-2', 3500, 175, 'AC Installation & Shifting (1–2 Ton)',
    'Professional installation of new split ACs and safe shifting when you move flat, including copper pipe, bracket and vacuuming. Serving Agrabad, Halishahar and Khulshi with a 1-year installation warranty.'),
  s('arif-chowdhury', 'Chittagong', 'ac', 'ac-3', 4200, 110, 'Inverter AC PCB Repair',
    'Error codes, an AC that keeps starting and stopping, or an outdoor unit that will not run? We repair inverter PCBs for Gree, General, Midea and Walton at component level instead of selling you a whole new board.'),
  s('arif-chowdhury', 'Chittagong', 'tv', 'tv-2', 3800, 140, 'LED & Smart TV Panel Repair',
    'Lines on the screen, half a picture, or sound with no picture? We repair LED TV panels and T-con boards at our GEC Circle workshop. Free pick-up for TVs above 43 inches in Nasirabad and Panchlaish.'),
  s('arif-chowdhury', 'Chittagong', 'other', 'washing-machine', 1500, 85, 'Washing Machine Repair (Front & Top Load)',
    'Drum not spinning, water not draining or an error code on the panel: we fix automatic and semi-automatic machines at your doorstep in Halishahar, Agrabad and Chawkbazar. Genuine motors and pumps with warranty.'),
  s('arif-chowdhury', 'Chittagong', 'laptop', 'laptop-1', 1200, 55, 'Laptop Servicing & Thermal Paste Replacement',
    'Laptop overheating or shutting down during work? Full internal cleaning, premium thermal paste and a fan service, done in two hours while you wait at our Agrabad branch.'),
  s('arif-chowdhury', 'Chittagong', 'phone', 'smartphone-3', 800, 70, 'Mobile Software Flashing & Data Recovery',
    'Phone stuck on the boot logo, a forgotten pattern lock or a Google account lock after a reset? We flash official firmware and recover your data where possible, at our Chawkbazar counter.'),

  // Rajshahi
  s('tanvir-ahmed', 'Rajshahi', 'tv', 'tv-3', 2200, 160, 'Sony & Walton LED TV Repair',
    'Power light blinking, no sound or a dead backlight: we repair Sony, Walton, Samsung and Vision LED TVs at our Shaheb Bazar shop or at your home anywhere in Rajshahi city. 3-month warranty on replaced boards.'),
  s('tanvir-ahmed', 'Rajshahi', 'tv', 'tv-2', 900, 178, 'Old CRT Television Repair',
    'Yes, we still repair CRT televisions: flyback transformers, tuners, colour and vertical line faults, with parts tested in-house.', true),
  s('tanvir-ahmed', 'Rajshahi', 'ac', 'ac-1', 1800, 100, 'Window & Split AC Servicing',
    'Seasonal AC servicing before the Rajshahi summer: filter and coil cleaning, a drain pipe flush and a gas check, at your home in Uposhohor, Kazla or Binodpur.'),
  s('tanvir-ahmed', 'Rajshahi', 'other', 'speaker', 1300, 75, 'Home Theatre & Sound System Repair',
    'Amplifier faults, blown speakers and Bluetooth problems on home theatres and sound boxes. Genuine driver units and a 60-day warranty.'),
  s('tanvir-ahmed', 'Rajshahi', 'laptop', 'laptop-3', 1100, 45, 'Desktop Computer & UPS Repair',
    'Desktop not booting, UPS beeping or batteries not holding charge? We test and repair PCs and offline UPS units, with free pick-up near Rajshahi University and Shaheb Bazar.'),
  s('tanvir-ahmed', 'Rajshahi', 'phone', 'smartphone-2', 600, 20, 'Mobile Phone Charging & Speaker Fix',
    'Low earpiece volume, a dead loudspeaker or loose charging? Quick fixes for Android phones in 30 to 60 minutes at Shaheb Bazar, with genuine parts.'),

  // Khulna
  s('sharmin-sultana', 'Khulna', 'other', 'washing-machine', 2000, 168, 'Washing Machine Drum & Motor Repair',
    'We repair Samsung, LG, Whirlpool and Walton washing machines: bearings, drum belts, motors and PCB faults. Doorstep service in Sonadanga, Khalishpur and Boyra with a 3-month warranty.'),
  s('sharmin-sultana', 'Khulna', 'other', 'fridge', 3500, 140, 'Fridge Gas Charge & Compressor Repair',
    'Fridge running but not cooling? Leak detection, welding, gas charging and compressor replacement done at your home. Genuine compressors with a 1-year warranty.'),
  s('sharmin-sultana', 'Khulna', 'ac', 'ac-3', 1500, 115, 'AC Cleaning & Water Leakage Fix',
    'Water dripping from the indoor unit or a bad smell when the AC runs? We clear blocked drain lines and clean coils and blower wheels in about an hour. Serving all of Khulna city.'),
  s('sharmin-sultana', 'Khulna', 'other', 'microwave', 1000, 88, 'Microwave & Electric Oven Repair',
    'Microwave running but not heating, sparking inside or a dead touch panel: magnetron, fuse and door switch replacement with genuine parts, at our Shibbari More service point.'),
  s('sharmin-sultana', 'Khulna', 'tv', 'tv-1', 800, 52, 'Smart TV Software & Wi-Fi Fix',
    'Smart TV stuck on the logo, apps crashing or Wi-Fi not connecting? Firmware updates, factory resets and YouTube setup at your home in Khulna.'),
  s('sharmin-sultana', 'Khulna', 'laptop', 'laptop-2', 1800, 30, 'Laptop Battery & Adapter Replacement',
    'Genuine and high-quality compatible batteries and chargers for HP, Dell, Lenovo and Asus laptops, fitted and tested in 20 minutes. 6-month warranty.'),

  // Barisal
  s('moushumi-das', 'Barisal', 'phone', 'smartphone-1', 2200, 158, 'Mobile Screen & Back Glass Replacement',
    'Screens and back glass for Samsung, Xiaomi, Realme, Oppo, Vivo and iPhone, fitted at our Sadar Road shop in under an hour. 60-day warranty on every screen.'),
  s('moushumi-das', 'Barisal', 'phone', 'smartphone-3', 500, 125, 'Budget Android Phone Repair',
    'Affordable fixes for everyday Android phones: charging ports, buttons, speakers and software problems. Most repairs are done the same day at Sadar Road.'),
  s('moushumi-das', 'Barisal', 'tv', 'tv-3', 1800, 105, 'LED TV Backlight Repair',
    'TV has sound but a black picture? Nine times out of ten it is the backlight. We replace LED strips with quality parts and give a 6-month warranty, with home service across Barisal city.'),
  s('moushumi-das', 'Barisal', 'other', 'washing-machine', 1200, 66, 'Washing Machine Servicing',
    'Descaling, filter cleaning, hose replacement and a full check-up for automatic washing machines, at your home in Nathullabad, Band Road or Rupatoli.'),
  s('moushumi-das', 'Barisal', 'ac', 'ac-2', 1600, 35, 'Air Cooler & AC Repair',
    'Repairs for air coolers and split ACs: capacitor, fan motor and gas problems fixed at your doorstep in Barisal city, usually within the day.'),

  // Sylhet
  s('nusrat-jahan', 'Sylhet', 'phone', 'smartphone-3', 4000, 172, 'iPhone Face ID & Mobile Camera Repair',
    'Face ID not working, a blurry camera or a cracked camera lens on your iPhone or Samsung flagship? Precise repairs with genuine modules at our Zindabazar shop, with a 3-month warranty.'),
  s('nusrat-jahan', 'Sylhet', 'phone', 'smartphone-1', 1800, 135, 'Phone Screen Replacement While You Wait',
    'Bring your phone to Amberkhana and have a new screen fitted in about 40 minutes while you have a cup of tea. Original-quality panels with a 90-day warranty.'),
  s('nusrat-jahan', 'Sylhet', 'laptop', 'laptop-2', 12000, 90, 'MacBook & Laptop Logic Board Repair',
    'Liquid-damaged or dead MacBook? We repair MacBook Air and Pro logic boards and Windows laptop motherboards at chip level, saving you the cost of a new machine. Free diagnosis and a 3-month warranty.'),
  s('nusrat-jahan', 'Sylhet', 'laptop', 'laptop-1', 500, 62, 'Laptop OS Install & Virus Removal',
    'Windows or Linux installation with drivers, Office setup, antivirus and a backup of your files. Home or office visits in Zindabazar, Shahjalal Upashahar and Tilagor.'),
  s('nusrat-jahan', 'Sylhet', 'other', 'camera', 2800, 48, 'DSLR & Mirrorless Camera Repair',
    'Lens errors, shutter faults, fungus and sensor cleaning for Canon, Nikon, Sony and Fujifilm cameras. Wedding photographers get priority turnaround.'),
  s('nusrat-jahan', 'Sylhet', 'other', 'game-console', 2000, 15, 'Game Console & Controller Repair',
    'HDMI port replacement, overheating fixes and controller drift repair for PS4, PS5 and Xbox. Genuine HDMI ports and a 60-day warranty, at Zindabazar.'),

  // Rangpur
  s('jahid-hasan', 'Rangpur', 'ac', 'ac-2', 2000, 166, 'AC Servicing & Installation',
    'Installation, servicing and gas refilling for split and window ACs across Rangpur city, from Jahaj Company More to Modern More. Experienced technicians and a 30-day service warranty.'),
  s('jahid-hasan', 'Rangpur', 'tv', 'tv-3', 1500, 118, 'LED TV & Monitor Repair',
    'Repairs for LED TVs and computer monitors: power supply, mainboard and panel faults. Free home check-up in Dhap and Lalbagh.'),
  s('jahid-hasan', 'Rangpur', 'other', 'fridge', 1500, 80, 'Refrigerator Repair at Home',
    'Same-day home repair for refrigerators and freezers in Rangpur: thermostat, relay, fan and gas problems, with genuine spare parts.'),
  s('jahid-hasan', 'Rangpur', 'phone', 'smartphone-2', 400, 25, 'Mobile Phone Repair & Accessories',
    'Screen protectors, charging ports, batteries and software fixes for all mobile brands. Walk in to our Jahaj Company More counter; most jobs take under an hour.'),
  s('jahid-hasan', 'Rangpur', 'other', 'fridge', 2500, 150, 'Deep Freezer & Bottle Cooler Repair',
    'Repairs for the deep freezers and bottle coolers of shops and restaurants: compressor, gas and thermostat work with a 6-month warranty.', true),

  // Mymensingh
  s('karim-hossain', 'Mymensingh', 'ac', 'ac-3', 2300, 128, 'AC Repair & Gas Charge',
    'AC not cooling in the Mymensingh heat? We find leaks, recharge gas and repair compressors and fan motors for all brands. Home service in Ganginarpar, Charpara and the Town Hall area.'),
  s('sabbir-rahman', 'Mymensingh', 'phone', 'smartphone-1', 700, 155, 'Mobile & Tablet Repair Centre',
    'Screen, battery, charging and software repairs for phones and tablets, done in front of you at our Ganginarpar shop. Genuine parts and a 30-day warranty on every repair.'),
  s('sabbir-rahman', 'Mymensingh', 'other', 'game-console', 2500, 70, 'PlayStation & Xbox Console Repair',
    'Consoles that will not power on, show no picture or overheat: HDMI, power supply and fan repairs for PS4, PS5 and Xbox Series, with free testing.'),
  s('sabbir-rahman', 'Mymensingh', 'laptop', 'laptop-3', 1000, 38, 'Computer Hardware Upgrade (SSD & RAM)',
    'Make an old laptop or desktop fast again: SSD and RAM upgrades with the transfer of your files included and parts at market price. Same-day service in Charpara.'),
  s('sabbir-rahman', 'Mymensingh', 'phone', 'smartphone-2', 300, 8, 'Mobile Software Update & Cleaning',
    'Slow or hanging phone? Software update, storage clean-up, app optimisation and a physical clean of ports and speakers, in 30 minutes.'),

  // Written in Bangla by their providers, as many real listings are.
  s('nusrat-jahan', 'Sylhet', 'phone', 'smartphone-3', 1500, 45, 'মোবাইলের ডিসপ্লে ও ব্যাটারি বদল',
    'ফোনের ডিসপ্লে ফেটে গেছে বা চার্জ থাকছে না? জিন্দাবাজারে আমাদের দোকানে Samsung, Xiaomi, Realme ও iPhone-এর ভালো মানের ডিসপ্লে আর ব্যাটারি লাগানো হয়, সাধারণত এক ঘণ্টার মধ্যে। প্রতিটি কাজে ৩ মাসের ওয়ারেন্টি।'),
  s('nusrat-jahan', 'Sylhet', 'laptop', 'laptop-2', 2200, 18, 'ল্যাপটপ সার্ভিসিং ও উইন্ডোজ সেটআপ',
    'ল্যাপটপ গরম হয়ে যাচ্ছে বা খুব ধীরে চলছে? ভেতর পরিষ্কার, নতুন থার্মাল পেস্ট, উইন্ডোজ সেটআপ আর দরকারি সফটওয়্যার, সব এক দিনে। আম্বরখানা ও জিন্দাবাজারে বাসা থেকে নিয়ে যাওয়া ও পৌঁছে দেওয়ার ব্যবস্থা আছে।'),
  s('moushumi-das', 'Barisal', 'tv', 'tv-2', 1800, 30, 'এলইডি টিভি মেরামত (বাসায় এসে)',
    'টিভিতে ছবি আসছে না, দাগ পড়ছে বা শব্দ নেই? বরিশাল শহরের সদর রোড, নথুল্লাবাদ ও বাংলাবাজারে বাসায় এসে Walton, Samsung, Sony ও LG টিভি সারাই। কাজের আগে দাম জানিয়ে দিই, যন্ত্রাংশে ৬ মাসের ওয়ারেন্টি।'),
];

/** Notes a customer might leave with a booking, by kind of service. */
export const DEMO_INSTRUCTIONS: Record<DemoKind, readonly string[]> = {
  phone: [
    'The screen is cracked but touch still works. Please bring a tempered glass too.',
    'The phone has a pattern lock; I will unlock it when you arrive.',
    'Please use a genuine battery only, the last one swelled within months.',
    'Back glass is shattered, please handle with care.',
    'Please call 30 minutes before coming, the gate is locked after 10 pm.',
  ],
  laptop: [
    'The laptop has important office files, please do not format the drive.',
    'The fan gets very loud after about 10 minutes of use.',
    'HP Pavilion 15, the left hinge is broken.',
    'Please bring a 512 GB SSD if possible.',
    'I am available after 6 pm on weekdays.',
  ],
  tv: [
    'Samsung 43 inch, sound works but there is no picture.',
    'The TV is wall-mounted, please bring a ladder.',
    'Walton 32 inch smart TV, stuck on the logo screen.',
    'Please call before coming, the lift is under maintenance.',
  ],
  ac: [
    'Two 1.5 ton split ACs in the bedrooms need servicing.',
    'Water is leaking from the indoor unit onto the wall.',
    'The AC was installed three years ago and never serviced.',
    'The outdoor unit is on the roof; the caretaker has the key.',
    'Gree 1 ton inverter, showing error E1.',
  ],
  other: [
    'The machine is about five years old; please bring spare parts if you can.',
    'Ring the bell twice, the intercom does not work.',
    'Available on Friday after Jumma prayers.',
    'Please call before coming, flat 4B on the fourth floor.',
    'It makes a loud noise when starting.',
  ],
};

export interface DemoReviewText {
  title: string;
  /** `{provider}` is replaced by the provider's first name. */
  comment: string;
}

/** Reviews rated 4 or 5, by kind of service. */
// prettier-ignore
export const DEMO_PRAISE: Record<DemoKind, readonly DemoReviewText[]> = {
  phone: [
    { title: 'Fair price, no hidden charges', comment: 'Asked three shops for a quote and this was the most reasonable. The price on the receipt was exactly what {provider} told me on the phone.' },
    { title: 'Face ID works again', comment: 'Face ID stopped working after a fall. They fixed it in two days with a genuine part, and the camera works perfectly too.' },
    { title: 'Screen looks brand new', comment: '{provider} replaced my cracked Samsung screen in under an hour. Touch is perfect and the colours look exactly like the original. Very fair price too.' },
    { title: 'Battery lasts all day again', comment: 'My phone was dying by 2 pm every day. After the battery change it easily lasts until night, and {provider} even showed me the old swollen battery.' },
    { title: 'Quick and honest', comment: 'The charging port had been loose for months. Fixed in 30 minutes and nobody tried to sell me anything extra. Will come back.' },
    { title: 'Saved my photos', comment: 'My phone fell into a bucket of water. The phone could not be saved but they recovered all our family photos. Cannot thank {provider} enough.' },
    { title: 'Genuine parts, proper warranty', comment: 'They showed me the sealed part before fitting it and wrote the warranty on the receipt. Professional service, highly recommended.' },
    { title: 'Came to my flat', comment: 'The technician came on time, replaced the back glass on the spot and cleaned up afterwards. Very convenient for busy people.' },
  ],
  laptop: [
    { title: 'Office laptop saved', comment: 'Tea spilled on my office laptop the night before a deadline. {provider} cleaned the board and got it running by the next afternoon, with all files safe.' },
    { title: 'Very knowledgeable', comment: 'They explained the problem with my desktop in plain words and suggested a cheaper fix than I expected. Running smoothly for weeks now.' },
    { title: 'Laptop runs cool now', comment: 'My laptop used to shut down during Zoom calls. After the cleaning and new thermal paste it stays cool and quiet. Good job, {provider}.' },
    { title: 'Fixed when others gave up', comment: 'Two shops said the motherboard was dead and I should buy a new laptop. {provider} fixed the charging IC for a fraction of the price, and it has worked perfectly since.' },
    { title: 'Hinge repaired properly', comment: 'The broken hinge had cracked the whole bottom case. They replaced both with genuine parts and the laptop feels like new.' },
    { title: 'Fast SSD upgrade', comment: 'My old laptop now boots in 15 seconds after the SSD upgrade, and all my files were moved over. Great value for money.' },
    { title: 'Clear communication', comment: 'They called me with the diagnosis and the price before doing any work. The keyboard was replaced the next day, exactly as promised.' },
    { title: 'Clean Windows install', comment: 'Fresh Windows with all drivers and Office, and my files backed up first. The computer feels fast again. Polite and on time.' },
  ],
  tv: [
    { title: 'Home service was on time', comment: 'The technician arrived exactly at the agreed time, opened the TV on our floor with a mat and fixed the power board in about an hour.' },
    { title: 'Clear picture again', comment: 'Dark patches on the screen are gone after the repair. {provider} also adjusted the picture settings for our room. Happy with the result.' },
    { title: 'Picture is back', comment: 'Our TV had sound but no picture. {provider} replaced the backlight strips at home in about two hours, and the picture is bright and clear again.' },
    { title: 'Saved us buying a new TV', comment: 'Lines across the screen for weeks. They repaired the panel board instead of telling us to buy a new TV. Very grateful.' },
    { title: 'Smart TV working again', comment: 'Apps kept crashing and the Wi-Fi would not connect. After the software update everything works, including YouTube for my kids.' },
    { title: 'Neat and careful', comment: 'The technician brought his own tools, explained the fault in simple words and cleaned the dust afterwards. The TV has worked perfectly since.' },
    { title: 'Reliable service', comment: 'Second time we have used this service for our living room TV. Always on time, and the repair has lasted.' },
  ],
  ac: [
    { title: 'Electricity bill went down', comment: 'After proper servicing the AC cools faster and our electricity bill dropped noticeably this month. Should have done this earlier.' },
    { title: 'Clean and careful work', comment: 'They covered the bed and the floor before washing the indoor unit and left the room spotless. The AC smells fresh again.' },
    { title: 'AC cooling like new', comment: 'Before the servicing the AC was barely cooling. After the jet wash and gas refill the room is cold within ten minutes. Excellent work before the summer.' },
    { title: 'No more water leakage', comment: 'Water was dripping onto our bed from the indoor unit. They cleared the drain pipe and cleaned everything in an hour. Problem solved.' },
    { title: 'Professional installation', comment: 'They installed our new 1.5 ton inverter AC neatly, with proper vacuuming and a clean pipe run. The team was polite and careful with our furniture.' },
    { title: 'Found the real fault', comment: 'Another technician just added gas every month. {provider} found the leak and fixed it, and now the AC holds its gas properly.' },
    { title: 'Quick response in the heat', comment: 'I called in the morning and the technician arrived the same afternoon, even in peak season. Fair price and a proper receipt.' },
    { title: 'PCB repaired, not replaced', comment: 'Our inverter AC was showing an error code. They repaired the PCB instead of replacing it, which saved me a lot of money.' },
  ],
  other: [
    { title: 'Spare part arrived quickly', comment: 'The part was not in stock, but {provider} got it from the market the next morning and finished the job the same day.' },
    { title: 'Polite technician', comment: 'Very polite and patient, answered all my questions and showed me how to avoid the problem in future. Recommended.' },
    { title: 'Fixed in one visit', comment: 'The technician found the problem quickly, explained it clearly and fixed it in one visit. Fair price and genuine parts.' },
    { title: 'Honest and skilled', comment: '{provider} told me exactly what was wrong and what it would cost before starting. The repair has held up perfectly so far.' },
    { title: 'Great doorstep service', comment: 'Very convenient to have the repair done at home. Arrived on time, worked neatly and tested everything before leaving.' },
    { title: 'Works like new', comment: 'I was ready to throw it away, but after the repair it works like new. I recommend this service to anyone in the area.' },
    { title: 'Good warranty', comment: 'They gave a written warranty and even called a week later to check that everything was fine. That kind of care is rare.' },
    { title: 'Fast turnaround', comment: 'Dropped it off in the morning and picked it up the same evening, fully repaired. Reasonable charges.' },
  ],
};

/** Reviews rated 3. */
// prettier-ignore
export const DEMO_MIXED: readonly DemoReviewText[] = [
  { title: 'Good repair, slow pick-up', comment: 'The repair itself was good, but the pick-up took two days longer than promised. I would use them again if the timing improves.' },
  { title: 'Works, but pricier than quoted', comment: 'Problem fixed and it works well, but the final bill was higher than the first quote because of an extra part. Please mention that earlier.' },
  { title: 'Okay experience', comment: 'The technician was friendly and the issue is solved. He arrived an hour late though, and did not call to say so.' },
];

/** Reviews rated 1 or 2. */
// prettier-ignore
export const DEMO_COMPLAINTS: readonly DemoReviewText[] = [
  { title: 'Had to go back twice', comment: 'The first repair did not fix the problem and I had to go back twice. {provider} fixed it under warranty in the end, but it took a week.' },
  { title: 'Not happy with the delay', comment: 'Promised same-day service but it took four days because the part was not in stock. The repair is fine, the communication was not.' },
];
