const inrFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Rupees with Indian digit grouping and no decimals: 125000 -> "₹1,25,000". */
export function formatInr(rupees: number): string {
  return inrFormatter.format(Math.round(rupees));
}
