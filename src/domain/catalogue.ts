/** The service catalogue behind pricing and the report's impact figures (docs/product.md §9). Prices in rupees. */

export type ServiceKey = 'website' | 'branding' | 'localseo' | 'ads' | 'smm' | 'crm' | 'aiagents';
export type WebsiteTier = 'starter' | 'pro' | 'ecom';

export interface Impact {
  leads?: number;
  trust?: number;
  awareness?: number;
  sales?: number;
  walkins?: number;
  conversionRate?: number;
  retention?: number;
}

interface PricedTier {
  name: string;
  oneTime: number;
  monthly: number;
  impact: Impact;
  timelineMonths: number;
}

export const websiteTiers: Record<WebsiteTier, PricedTier> = {
  starter: { name: 'Starter', oneTime: 25000, monthly: 2500, impact: { leads: 10, trust: 10 }, timelineMonths: 2 },
  pro: { name: 'Pro (Business)', oneTime: 60000, monthly: 5000, impact: { leads: 15, trust: 20 }, timelineMonths: 3 },
  ecom: { name: 'E-commerce', oneTime: 90000, monthly: 8000, impact: { leads: 20, trust: 25 }, timelineMonths: 3 },
};

export const catalogue = {
  website: { name: 'Website', tiers: websiteTiers },
  branding: { name: 'Brand Design', oneTime: 12000, impact: { trust: 15 }, timelineMonths: 1 },
  localseo: {
    name: 'Local SEO & Google Business Profile',
    setup: 18000,
    monthly: 10000,
    impact: { leads: 30, walkins: 20 },
    timelineMonths: 4,
  },
  ads: {
    name: 'Paid Ads Management',
    setup: 5000,
    managementMinimum: 5000,
    percentOfSpend: 15,
    requiresAds: true,
    impact: { leads: 20, sales: 15 },
    timelineMonths: 1,
  },
  smm: { name: 'Social Media Management', monthly: 12000, impact: { trust: 15, awareness: 20 }, timelineMonths: 2 },
  crm: { name: 'CRM & Automation', setup: 15000, monthly: 4000, impact: { conversionRate: 15, retention: 10 }, timelineMonths: 2 },
  aiagents: { name: 'AI Agents', setup: 20000, monthly: 15000, impact: { leads: 10, conversionRate: 20 }, timelineMonths: 2 },
} as const;

export const serviceKeys: readonly ServiceKey[] = ['website', 'branding', 'localseo', 'ads', 'smm', 'crm', 'aiagents'];

/** Display names for the dashboard's app tiles and the report. */
export function serviceName(key: ServiceKey): string {
  return catalogue[key].name;
}
