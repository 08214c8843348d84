/**
 * Rupees with Indian digit grouping and no decimals: 125000 -> "₹1,25,000", exactly as
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })` writes them (a unit
 * test compares the two over any number). Written out rather than built on Intl: the first `Intl.NumberFormat` a page
 * makes loads the locale's data, a long main-thread task on a phone, on every page that shows a price
 * (docs/performance.md).
 */
export function formatInr(rupees: number): string {
  const rounded = Math.round(rupees);
  if (Number.isNaN(rounded)) return '₹NaN';
  const sign = rounded < 0 || Object.is(rounded, -0) ? '-' : '';
  if (!Number.isFinite(rounded)) return `${sign}₹∞`;
  const digits = plainDigits(Math.abs(rounded));
  // The last three digits, then pairs: 1,23,45,678.
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const pairs = head.length > 0 ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},` : '';
  return `${sign}₹${pairs}${tail}`;
}

/** A whole number's shortest decimal digits, as Intl writes them: 1.5e+21 -> "1500000000000000000000". */
function plainDigits(whole: number): string {
  const text = String(whole);
  const exponent = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(text);
  if (!exponent) return text;
  const [, first, rest = '', power] = exponent;
  return first + rest + '0'.repeat(Number(power) - rest.length);
}
