/** The full write-ups of the case studies that have one (docs/product.md §3: only the first), keyed by slug. */

export interface CaseStudyResult {
  value: string;
  title: string;
  description: string;
}

export interface CaseStudyDetails {
  challenge: string;
  solution: readonly string[];
  conclusion: string;
  results: readonly CaseStudyResult[];
}

export const caseStudyDetails: Readonly<Record<string, CaseStudyDetails>> = {
  'ecommerce-platform-redesign': {
    challenge:
      'Sharma Textiles sold mostly to walk-in customers and took a few orders over WhatsApp by sending photos one at a time. Customers outside Jaipur could not browse the range, orders were tracked in a notebook, and every sale depended on the owner being free to reply. Their old website was a single page that took 9 seconds to load on a phone.',
    solution: [
      'We built a mobile-first online store with the full catalogue of 1,200 products, organised by fabric, occasion and price, with UPI, cards and cash-on-delivery at checkout.',
      'Product photography was reshot in batches in the store, and every listing got a short description in English and Hindi written for search.',
      'Orders, stock and customer messages now arrive in one dashboard, with automatic WhatsApp updates for order confirmation and dispatch.',
      'Google Shopping and Meta catalogue ads bring in buyers from across India, with budgets adjusted weekly against real sales.',
    ],
    conclusion:
      'In six months the store went from a local shop with a WhatsApp habit to a business that sells across 18 states, while the owner spends less time on the phone than before.',
    results: [
      { value: '3.2x', title: 'Online revenue', description: 'Compared with the six months before launch.' },
      { value: '1.4s', title: 'Mobile load time', description: 'Down from 9 seconds on the old site.' },
      { value: '18', title: 'States served', description: 'Customers now order from across India.' },
      { value: '62%', title: 'Repeat buyers', description: 'Of customers ordered again within 90 days.' },
    ],
  },
};
