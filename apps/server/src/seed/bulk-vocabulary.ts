/**
 * Words for the generated marketplace of `npm run seed -- --services N` (load tests): service names
 * per category (each carries its category keyword, so the home page's tiles count them), the
 * sentences descriptions are made of, names of people and places, and review texts. Pure data.
 */

export interface BulkKind {
  /** Images under /images/services that suit the kind. */
  images: readonly string[];
  brands: readonly string[];
  jobs: readonly string[];
  /** Lowest and highest price in taka. */
  price: readonly [number, number];
}

// prettier-ignore
export const BULK_KINDS: readonly BulkKind[] = [
  {
    images: ['/images/services/smartphone-1.webp', '/images/services/smartphone-2.webp', '/images/services/smartphone-3.webp'],
    brands: ['Samsung', 'iPhone', 'Xiaomi', 'Realme', 'Oppo', 'Vivo', 'Symphony', 'Walton', 'Infinix', 'Tecno', 'OnePlus', 'Nokia'],
    jobs: ['Mobile Screen Replacement', 'Phone Battery Replacement', 'Mobile Charging Port Repair', 'Smartphone Water Damage Recovery',
      'Phone Camera Repair', 'Mobile Software Flashing', 'Smartphone Speaker & Mic Repair', 'Phone Back Glass Replacement'],
    price: [300, 9000],
  },
  {
    images: ['/images/services/laptop-1.webp', '/images/services/laptop-2.webp', '/images/services/laptop-3.webp'],
    brands: ['HP', 'Dell', 'Lenovo', 'Asus', 'Acer', 'MacBook', 'MSI', 'Toshiba', 'Gaming PC', 'Desktop'],
    jobs: ['Laptop Motherboard Repair', 'Laptop Keyboard Replacement', 'Laptop Screen Replacement', 'Laptop Hinge Repair',
      'Computer Servicing & Cleaning', 'PC Upgrade (SSD & RAM)', 'Laptop Battery Replacement', 'Computer Virus Removal'],
    price: [500, 15000],
  },
  {
    images: ['/images/services/tv-1.webp', '/images/services/tv-2.webp', '/images/services/tv-3.webp'],
    brands: ['Sony', 'Samsung', 'LG', 'Walton', 'Vision', 'Singer', 'Xiaomi', 'TCL', 'Jamuna', 'Minister'],
    jobs: ['LED TV Panel Repair', 'Smart TV Repair', 'TV Backlight Replacement', 'Television Power Board Repair',
      'TV Wall Mounting', 'Display T-Con Board Repair', 'TV Sound Repair', 'Android TV Software Update'],
    price: [500, 12000],
  },
  {
    images: ['/images/services/ac-1.webp', '/images/services/ac-2.webp', '/images/services/ac-3.webp'],
    brands: ['Gree', 'General', 'Midea', 'Walton', 'Samsung', 'LG', 'Carrier', 'Daikin', 'Haier', 'Singer'],
    jobs: ['Split AC Servicing', 'AC Gas Refill', 'AC Installation', 'Inverter AC PCB Repair', 'AC Shifting',
      'Air Conditioning Leak Repair', 'AC Compressor Replacement', 'Window AC Repair'],
    price: [800, 14000],
  },
  {
    images: ['/images/services/fridge.webp', '/images/services/washing-machine.webp', '/images/services/microwave.webp',
      '/images/services/speaker.webp', '/images/services/camera.webp', '/images/services/game-console.webp',
      '/images/services/tablet.webp'],
    brands: ['Walton', 'Samsung', 'LG', 'Singer', 'Panasonic', 'Sharp', 'Canon', 'PlayStation', 'iPad', 'Vision'],
    jobs: ['Refrigerator Repair', 'Washing Machine Repair', 'Microwave Oven Repair', 'Sound System Repair',
      'Camera Lens Repair', 'Game Console Repair', 'Tablet Glass Replacement', 'Deep Freezer Repair'],
    price: [400, 8000],
  },
];

// prettier-ignore
export const BULK_OPENINGS: readonly string[] = [
  'Genuine parts and an honest quote before any work.',
  'Same-day service in most cases, with a written warranty.',
  'Free diagnosis at our shop or a small visit charge at your doorstep.',
  'Experienced technicians with more than ten years at the bench.',
  'Pick-up and drop available across the city.',
  'We test every repair in front of you before you pay.',
];

// prettier-ignore
export const BULK_CLOSINGS: readonly string[] = [
  'Warranty of 30 days on labour and 90 days on parts.',
  'Pay by bKash, Nagad or cash after the work is done.',
  'Open every day from 10 am to 9 pm, Friday after Jumma.',
  'Corporate and bulk servicing contracts welcome.',
  'Call ahead and we keep the part ready for you.',
  'Old parts are returned to you on request.',
];

// prettier-ignore
export const BULK_FIRST_NAMES: readonly string[] = [
  'Rahim', 'Karim', 'Fatema', 'Nusrat', 'Tanvir', 'Sharmin', 'Arif', 'Moushumi', 'Jahid', 'Sabbir', 'Ayesha', 'Imran',
  'Farhana', 'Rakib', 'Tasnim', 'Mahmudul', 'Shakil', 'Rumana', 'Habib', 'Sadia', 'Monir', 'Laila', 'Kamrul', 'Shirin',
  'Anwar', 'Nasrin', 'Sohel', 'Rokeya', 'Faruk', 'Mitu', 'Jamal', 'Popy', 'Masud', 'Sumaiya', 'Belal', 'Tahmina',
];

// prettier-ignore
export const BULK_LAST_NAMES: readonly string[] = [
  'Uddin', 'Hossain', 'Akter', 'Jahan', 'Ahmed', 'Sultana', 'Chowdhury', 'Das', 'Hasan', 'Rahman', 'Islam', 'Kabir',
  'Khan', 'Sarkar', 'Miah', 'Begum', 'Talukder', 'Bhuiyan', 'Sheikh', 'Mollah', 'Roy', 'Saha', 'Mondal', 'Paul',
];

// prettier-ignore
export const BULK_REVIEW_TITLES: readonly string[] = [
  'Excellent service', 'Fixed the same day', 'Honest and fair price', 'Good work', 'Very professional',
  'Works like new', 'Took longer than promised', 'Average experience', 'Problem came back', 'Highly recommended',
];

// prettier-ignore
export const BULK_REVIEW_COMMENTS: readonly string[] = [
  'The technician explained the fault clearly and fixed it quickly. Everything works perfectly now.',
  'Came on time, used genuine parts and cleaned up afterwards. I will book again.',
  'Fair price and a written warranty. The repair has held up for weeks without trouble.',
  'Good repair, but I had to call twice to confirm the visit time.',
  'The device works again, though the repair took a day longer than they said.',
  'Not happy: the same problem returned after a week and I had to bring it back.',
  'Friendly staff and a clean shop. They tested everything in front of me before I paid.',
  'Quick diagnosis and no hidden charges. Much cheaper than the brand service centre.',
];

// prettier-ignore
export const BULK_INSTRUCTIONS: readonly string[] = [
  '', '', 'Please call before coming.', 'The building has no lift; fourth floor.', 'Available after 5 pm only.',
  'Please bring the spare part with you.', 'Gate code at the front desk.', 'The device is still under shop warranty.',
];
