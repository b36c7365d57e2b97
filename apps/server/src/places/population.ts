/**
 * People per district, in thousands (rounded), by the dataset's English name: the 2022 Population
 * and Housing Census of the Bangladesh Bureau of Statistics (a public fact). Used only to spread the
 * demo data, the generated catalogue and the services that predate districts the way people are
 * spread (place-of-service.ts): Dhaka's 14.7 million against Bandarban's half a million.
 */
export const DISTRICT_POPULATION_THOUSANDS: Readonly<Record<string, number>> = {
  // Dhaka division
  Dhaka: 14735,
  Gazipur: 5264,
  Narayanganj: 3909,
  Tangail: 4037,
  Kishoreganj: 3267,
  Narsingdi: 2584,
  Munshiganj: 1625,
  Manikganj: 1558,
  Faridpur: 2162,
  Madaripur: 1294,
  Shariatpur: 1294,
  Gopalganj: 1295,
  Rajbari: 1190,
  // Chattogram division
  Chattogram: 9169,
  Cumilla: 6212,
  Noakhali: 3625,
  Brahmanbaria: 3306,
  Chandpur: 2635,
  Coxsbazar: 2823,
  Lakshmipur: 1938,
  Feni: 1648,
  Khagrachhari: 714,
  Rangamati: 647,
  Bandarban: 481,
  // Rajshahi division
  Bogura: 3734,
  Sirajganj: 3357,
  Rajshahi: 2915,
  Naogaon: 2784,
  Pabna: 2909,
  Natore: 1860,
  Chapainawabganj: 1835,
  Joypurhat: 956,
  // Khulna division
  Khulna: 2613,
  Jashore: 3076,
  Satkhira: 2197,
  Kushtia: 2149,
  Jhenaidah: 2005,
  Bagerhat: 1613,
  Chuadanga: 1234,
  Magura: 1033,
  Narail: 788,
  Meherpur: 705,
  // Barishal division
  Barisal: 2570,
  Bhola: 1932,
  Patuakhali: 1727,
  Pirojpur: 1198,
  Barguna: 1010,
  Jhalakathi: 661,
  // Sylhet division
  Sylhet: 3857,
  Sunamganj: 2695,
  Habiganj: 2358,
  Moulvibazar: 2123,
  // Rangpur division
  Dinajpur: 3315,
  Rangpur: 3169,
  Gaibandha: 2562,
  Kurigram: 2329,
  Nilphamari: 1907,
  Lalmonirhat: 1428,
  Thakurgaon: 1533,
  Panchagarh: 1179,
  // Mymensingh division
  Mymensingh: 5899,
  Jamalpur: 2499,
  Netrokona: 2325,
  Sherpur: 1501,
};
