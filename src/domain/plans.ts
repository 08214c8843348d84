import type { ServiceKey } from './catalogue';

export type PlanKey = 'launchpad' | 'growth-engine' | 'scale-up';

export interface Plan {
  key: PlanKey;
  title: string;
  subtitle: string;
  /** One-time setup fee in rupees. */
  setupFee: number;
  /** Monthly subscription fee in rupees. */
  monthlyFee: number;
  isPopular?: boolean;
  /** Sold through sales, never online (decision D3): shown as 'Custom' with Contact Sales. */
  isCustom?: boolean;
  features: readonly string[];
  includedServices: readonly ServiceKey[];
}

export const plans: readonly Plan[] = [
  {
    key: 'launchpad',
    title: 'LaunchPad',
    subtitle: 'Get online and start getting found',
    setupFee: 10000,
    monthlyFee: 2500,
    features: [
      'Professional website, mobile-first',
      'Logo and brand kit',
      'Google Business Profile setup and local SEO',
      'Social media posting on two channels',
      'Monthly performance report',
      'Email and WhatsApp support',
    ],
    includedServices: ['website', 'branding', 'localseo', 'smm'],
  },
  {
    key: 'growth-engine',
    title: 'Growth Engine',
    subtitle: 'Turn visibility into a steady flow of leads',
    setupFee: 17000,
    monthlyFee: 4500,
    isPopular: true,
    features: [
      'Everything in LaunchPad',
      'Google and Meta ads management',
      'Landing pages built for conversion',
      'Social media on three channels with reels',
      'Lead tracking on your client dashboard',
      'Dedicated account manager',
    ],
    includedServices: ['website', 'branding', 'localseo', 'ads', 'smm'],
  },
  {
    key: 'scale-up',
    title: 'Scale Up',
    subtitle: 'Automate, personalise and scale across locations',
    setupFee: 25000,
    monthlyFee: 7500,
    isCustom: true,
    features: [
      'Everything in Growth Engine',
      'CRM setup with automated follow-ups',
      'AI sales and support agents',
      'Multi-location and multi-channel campaigns',
      'Quarterly strategy workshops',
      'Priority support with a senior strategist',
    ],
    includedServices: ['website', 'branding', 'localseo', 'ads', 'smm', 'crm', 'aiagents'],
  },
];

export function findPlan(key: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.key === key);
}

/** What activation charges today: the setup fee plus the first month. */
export function amountDueToday(plan: Plan): number {
  return plan.setupFee + plan.monthlyFee;
}
