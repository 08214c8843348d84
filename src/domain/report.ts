import { catalogue, serviceName, websiteTiers, type Impact, type ServiceKey, type WebsiteTier } from './catalogue';
import { findPlan, plans, type Plan, type PlanKey } from './plans';
import { DEFAULT_AD_SPEND, type QuizAnswers } from './quiz';

/**
 * The personalised growth report (docs/product.md §3 "Report result", §4 recommendation, §9 prices and impact figures,
 * decision D2, D7, D8, D9, D15). Pure: the browser renders it, the server recomputes it for the stored lead.
 * Every number comes from src/domain/plans.ts and catalogue.ts; nothing is repeated here.
 */

type RecommendationInput = Pick<QuizAnswers, 'monthlyRevenue' | 'goals' | 'hasWebsite' | 'teamSize'>;

/** docs/product.md §4, rules in order; the team-size rule only when a team size is actually known (D2). */
export function recommendPlan(answers: RecommendationInput): PlanKey {
  if (answers.monthlyRevenue === '> ₹50L' || answers.monthlyRevenue === '₹15L – ₹50L' || answers.goals.includes('automate-operations-ai')) {
    return 'scale-up';
  }
  if (answers.hasWebsite === 'No' || answers.monthlyRevenue === '< ₹1L' || answers.teamSize === '1–3') {
    return 'launchpad';
  }
  return 'growth-engine';
}

// ---- services with a reason each (D9) ----------------------------------------------------------------------------

/** Why each service is in the plan, derived from the answers; src/content/report.*.ts words it per language. */
export type ServiceReason =
  | 'website.none'
  | 'website.outdated'
  | 'website.okay'
  | 'website.good'
  | 'branding.trust'
  | 'branding.launch'
  | 'branding.consistent'
  | 'localseo.noProfile'
  | 'localseo.walkIns'
  | 'localseo.multiLocation'
  | 'localseo.optimise'
  | 'ads.notRunning'
  | 'ads.optimise'
  | 'smm.trust'
  | 'smm.launch'
  | 'smm.awareness'
  | 'crm.repeat'
  | 'crm.sales'
  | 'crm.followUp'
  | 'aiagents.automate'
  | 'aiagents.respond';

type ReasonInput = Pick<QuizAnswers, 'hasWebsite' | 'websiteQuality' | 'googleBusinessProfile' | 'runningAds' | 'goals' | 'locationType'>;

export function serviceReason(service: ServiceKey, answers: ReasonInput): ServiceReason {
  const goal = (id: QuizAnswers['goals'][number]) => answers.goals.includes(id);
  switch (service) {
    case 'website':
      if (answers.hasWebsite !== 'Yes') return 'website.none';
      if (answers.websiteQuality === 'Outdated') return 'website.outdated';
      if (answers.websiteQuality === 'Good') return 'website.good';
      return 'website.okay';
    case 'branding':
      if (goal('build-trust')) return 'branding.trust';
      if (goal('launch-product')) return 'branding.launch';
      return 'branding.consistent';
    case 'localseo':
      if (answers.googleBusinessProfile !== 'Yes') return 'localseo.noProfile';
      if (goal('get-walk-ins')) return 'localseo.walkIns';
      if (answers.locationType === 'Multi-location') return 'localseo.multiLocation';
      return 'localseo.optimise';
    case 'ads':
      return answers.runningAds === 'Yes' ? 'ads.optimise' : 'ads.notRunning';
    case 'smm':
      if (goal('build-trust')) return 'smm.trust';
      if (goal('launch-product')) return 'smm.launch';
      return 'smm.awareness';
    case 'crm':
      if (goal('improve-repeat')) return 'crm.repeat';
      if (goal('increase-sales')) return 'crm.sales';
      return 'crm.followUp';
    case 'aiagents':
      return goal('automate-operations-ai') ? 'aiagents.automate' : 'aiagents.respond';
  }
}

export interface ReportService {
  key: ServiceKey;
  /** The catalogue's (English) name; the page shows the name in the report's language. */
  name: string;
  reason: ServiceReason;
}

// ---- costs (D7) --------------------------------------------------------------------------------------------------

/** D7: E-commerce for an online-only retailer; Pro for ₹5L+ a month or several locations; else Starter. */
export function websiteTierFor(answers: Pick<QuizAnswers, 'locationType' | 'industry' | 'monthlyRevenue'>): WebsiteTier {
  if (answers.locationType === 'Online-only' && answers.industry === 'Retail') return 'ecom';
  if (
    answers.monthlyRevenue === '₹5L – ₹15L' ||
    answers.monthlyRevenue === '₹15L – ₹50L' ||
    answers.monthlyRevenue === '> ₹50L' ||
    answers.locationType === 'Multi-location'
  ) {
    return 'pro';
  }
  return 'starter';
}

/** The ad spend the report works with: the prospect's own when they run ads, else the draft's default budget. */
export function adSpendFor(answers: Pick<QuizAnswers, 'runningAds' | 'monthlyAdSpend'>): number {
  return answers.runningAds === 'Yes' ? answers.monthlyAdSpend : DEFAULT_AD_SPEND;
}

/** Ads management per month: 15% of the spend, never below the ₹5,000 minimum. */
export function adsManagementFee(adSpend: number): number {
  return Math.max(catalogue.ads.managementMinimum, Math.round((adSpend * catalogue.ads.percentOfSpend) / 100));
}

export type CostType = 'oneTime' | 'monthly';

export interface CostLineItem {
  service: ServiceKey;
  /** English label (stored with the lead); the page words it per language from service, part and tier. */
  item: string;
  part: 'build' | 'setup' | 'management' | 'retainer';
  type: CostType;
  cost: number;
}

export interface ReportCosts {
  /** What activation charges: the plan's own fees (the investment boxes). */
  setupFee: number;
  monthlyFee: number;
  /** The same services bought one by one at catalogue prices (D7): the line items and their totals. */
  lineItems: CostLineItem[];
  oneTimeTotal: number;
  monthlyTotal: number;
  /** Monthly ad budget paid to Google/Meta, separate from every fee; null when neither the plan nor the prospect runs ads. */
  adSpend: number | null;
  /** True when adSpend is our suggested starting budget rather than the prospect's own figure. */
  adSpendSuggested: boolean;
}

function lineItemsFor(service: ServiceKey, tier: WebsiteTier, adSpend: number): CostLineItem[] {
  const name = serviceName(service);
  switch (service) {
    case 'website': {
      const priced = websiteTiers[tier];
      return [
        { service, item: `${name} (${priced.name})`, part: 'build', type: 'oneTime', cost: priced.oneTime },
        { service, item: `${name} (${priced.name}) care`, part: 'retainer', type: 'monthly', cost: priced.monthly },
      ];
    }
    case 'branding':
      return [{ service, item: name, part: 'build', type: 'oneTime', cost: catalogue.branding.oneTime }];
    case 'localseo':
    case 'crm':
    case 'aiagents': {
      const priced = catalogue[service];
      return [
        { service, item: `${name} setup`, part: 'setup', type: 'oneTime', cost: priced.setup },
        { service, item: name, part: 'retainer', type: 'monthly', cost: priced.monthly },
      ];
    }
    case 'ads':
      return [
        { service, item: `${name} setup`, part: 'setup', type: 'oneTime', cost: catalogue.ads.setup },
        { service, item: `${name} fee`, part: 'management', type: 'monthly', cost: adsManagementFee(adSpend) },
      ];
    case 'smm':
      return [{ service, item: name, part: 'retainer', type: 'monthly', cost: catalogue.smm.monthly }];
  }
}

type CostInput = Pick<QuizAnswers, 'locationType' | 'industry' | 'monthlyRevenue' | 'runningAds' | 'monthlyAdSpend'>;

export function planCosts(plan: Plan, answers: CostInput): ReportCosts {
  const tier = websiteTierFor(answers);
  const adSpend = adSpendFor(answers);
  const lineItems = plan.includedServices.flatMap((service) => lineItemsFor(service, tier, adSpend));
  const total = (type: CostType) => lineItems.filter((line) => line.type === type).reduce((sum, line) => sum + line.cost, 0);
  const planRunsAds = plan.includedServices.includes('ads');
  const runsAds = answers.runningAds === 'Yes';
  return {
    setupFee: plan.setupFee,
    monthlyFee: plan.monthlyFee,
    lineItems,
    oneTimeTotal: total('oneTime'),
    monthlyTotal: total('monthly'),
    adSpend: planRunsAds || runsAds ? adSpend : null,
    adSpendSuggested: !runsAds,
  };
}

// ---- KPI ranges and timeline (D8) --------------------------------------------------------------------------------

export interface KpiRange {
  min: number;
  max: number;
}

export interface ReportKpis {
  leads: KpiRange;
  conversion: KpiRange;
  trust: KpiRange;
  timelineMonths: number;
}

export const kpiCaps = { leads: 80, conversion: 30, trust: 50 } as const;

/** A service's highest impact and timeline; for the website, its best tier. */
function bestImpact(service: ServiceKey): { impact: Impact; timelineMonths: number } {
  if (service === 'website') {
    const tiers = Object.values(websiteTiers);
    const best = (key: keyof Impact) => Math.max(...tiers.map((tier) => tier.impact[key] ?? 0));
    return {
      impact: { leads: best('leads'), trust: best('trust') },
      timelineMonths: Math.max(...tiers.map((tier) => tier.timelineMonths)),
    };
  }
  const { impact, timelineMonths } = catalogue[service];
  return { impact, timelineMonths };
}

function range(sum: number, cap: number): KpiRange {
  // Whole-number arithmetic first, so 70% of 35 is 24.5 exactly and rounds to 25.
  const percentOf = (share: number) => Math.round(Math.min((sum * share) / 100, cap));
  return { min: percentOf(70), max: percentOf(110) };
}

export function planKpis(plan: Pick<Plan, 'includedServices'>): ReportKpis {
  const impacts = plan.includedServices.map(bestImpact);
  const sum = (pick: (impact: Impact) => number) => impacts.reduce((total, entry) => total + pick(entry.impact), 0);
  return {
    leads: range(
      sum((impact) => impact.leads ?? 0),
      kpiCaps.leads,
    ),
    conversion: range(
      sum((impact) => impact.conversionRate ?? 0),
      kpiCaps.conversion,
    ),
    trust: range(
      sum((impact) => (impact.trust ?? 0) + (impact.awareness ?? 0)),
      kpiCaps.trust,
    ),
    timelineMonths: Math.max(...impacts.map((entry) => entry.timelineMonths)),
  };
}

// ---- the report --------------------------------------------------------------------------------------------------

export interface GrowthReport {
  plan: PlanKey;
  planTitle: string;
  /** Scale Up is sold through sales, never online (D3): the report offers Contact Sales. */
  contactSales: boolean;
  websiteTier: WebsiteTier;
  services: ReportService[];
  costs: ReportCosts;
  kpis: ReportKpis;
}

export type ReportInput = RecommendationInput & ReasonInput & CostInput;

export function buildReport(answers: ReportInput): GrowthReport {
  const key = recommendPlan(answers);
  const plan = findPlan(key) ?? plans[0]!;
  return {
    plan: plan.key,
    planTitle: plan.title,
    contactSales: !!plan.isCustom,
    websiteTier: websiteTierFor(answers),
    services: plan.includedServices.map((service) => ({
      key: service,
      name: serviceName(service),
      reason: serviceReason(service, answers),
    })),
    costs: planCosts(plan, answers),
    kpis: planKpis(plan),
  };
}

/**
 * D15: `{businessName}_Growth_Strategy.pdf`, runs of characters other than letters, digits, '-' and '_' replaced by
 * '_'. A letter keeps its combining marks (Devanagari vowel signs and viramas are part of how a name is written:
 * decision 046); '_' at either end of the name is trimmed so "Asha's Café!" ends "Asha_s_Café_Growth_Strategy.pdf".
 */
export function pdfFileName(businessName: string): string {
  const safe = businessName
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return `${safe || 'My_Business'}_Growth_Strategy.pdf`;
}
