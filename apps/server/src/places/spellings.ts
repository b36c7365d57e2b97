/**
 * Other spellings people use for divisions and districts, by the dataset's English name: the names
 * before the 2018 renaming (Chittagong, Comilla, Barisal, Bogra, Jessore), the government's newer
 * ones where the dataset keeps the older (Barishal), and common variants. The product's divisions
 * keep their older English names (AREAS: Chittagong, Barisal), so the division's name in the
 * product is the first alias where it differs from the dataset's.
 */
export const DIVISION_PRODUCT_NAMES: Readonly<Record<string, string>> = {
  Chattagram: 'Chittagong',
};

export const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  // divisions
  Chattagram: ['Chittagong', 'Chattogram', 'Ctg', 'চিটাগাং'],
  Barisal: ['Barishal'],
  Dhaka: ['Dacca'],
  Mymensingh: ['Mymensing'],
  // districts
  Chattogram: ['Chittagong', 'Chattagram', 'Ctg', 'চিটাগাং'],
  Cumilla: ['Comilla'],
  Bogura: ['Bogra'],
  Jashore: ['Jessore'],
  Coxsbazar: ["Cox's Bazar", 'Coxs Bazar', 'Cox Bazar'],
  Chapainawabganj: ['Chapai Nawabganj', 'Nawabganj'],
  Jhalakathi: ['Jhalokati', 'Jhalokathi'],
  Moulvibazar: ['Maulvibazar', 'Moulvi Bazar'],
  Netrokona: ['Netrakona'],
  Brahmanbaria: ['B. Baria'],
  Lakshmipur: ['Laxmipur'],
  Khagrachhari: ['Khagrachari'],
  Narsingdi: ['Narshingdi'],
};
