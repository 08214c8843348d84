/** How we work: the four steps (docs/product.md §2, How it works) and the home page's agency comparison. */

export interface ProcessStep {
  number: number;
  title: string;
  description: string;
  /** Where the step happens in the product, when it has a page. */
  link?: { to: string; label: string };
}

export const processSteps: readonly ProcessStep[] = [
  {
    number: 1,
    title: 'Find Your Plan',
    description: 'Answer 15 quick questions in English or Hindi and get a personalised growth plan with costs and expected results.',
    link: { to: '/get-started', label: 'Take the quiz' },
  },
  {
    number: 2,
    title: 'Onboard in Minutes',
    description: 'Pick your plan, pay the setup fee and first month securely, and meet your account manager the same week.',
  },
  {
    number: 3,
    title: 'We Execute & Optimize',
    description: 'Our specialists build your website, brand, ads and content, then test and improve them every single month.',
  },
  {
    number: 4,
    title: 'Track Your Live Growth',
    description: 'Follow leads, conversions, traffic and every task on your client dashboard, any time, on any device.',
    link: { to: '/dashboard', label: 'See the dashboard' },
  },
];

/** Home's agency comparison: what owners get from us against a typical traditional agency. */
export const comparison = {
  us: 'GrowthPath',
  them: 'Traditional agency',
  rows: [
    { label: 'Pricing', us: 'Flat monthly plan, setup fee shown upfront', them: 'Custom quotes and surprise invoices' },
    { label: 'Commitment', us: 'No annual lock-in', them: '12-month contracts' },
    { label: 'Time to launch', us: 'About two weeks', them: '2–3 months' },
    { label: 'Reporting', us: 'Live client dashboard', them: 'A PDF at month end, if asked' },
    { label: 'Services', us: 'Web, brand, ads, social, CRM and AI in one team', them: 'One specialism; the rest outsourced' },
    { label: 'Point of contact', us: 'A dedicated account manager', them: 'Whoever picks up the phone' },
  ],
} as const;
