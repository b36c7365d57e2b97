const counts = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count with Bangladeshi digit grouping (1,25,000). */
export const formatCount = (n: number) => counts.format(n);

/** Averages and percentages are shown to one decimal (spec section 9). */
export const formatOneDecimal = (n: number) => oneDecimal.format(n);
