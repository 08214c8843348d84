import { describe, expect, it } from 'vitest';
import {
  adsManagementFee,
  buildReport,
  kpiCaps,
  pdfFileName,
  planCosts,
  planKpis,
  recommendPlan,
  serviceReason,
  websiteTierFor,
} from '../../src/domain/report';
import { findPlan, plans } from '../../src/domain/plans';
import { emptyQuizDraft, monthlyRevenues, type QuizAnswers } from '../../src/domain/quiz';

/** A finished quiz; each test overrides what it is about. */
function answers(overrides: Partial<QuizAnswers> = {}): QuizAnswers {
  return {
    ...emptyQuizDraft(),
    fullName: 'Asha Verma',
    email: 'asha@raostores.in',
    role: 'Owner',
    businessName: 'Rao Stores',
    industry: 'Services',
    locationType: 'Single-location',
    monthlyRevenue: '₹1L – ₹5L',
    goals: ['increase-leads'],
    hasWebsite: 'Yes',
    websiteQuality: 'Okay',
    runningAds: 'No',
    googleBusinessProfile: 'Yes',
    roughBudget: '₹20,000 – ₹40,000',
    acceptTerms: true,
    ...overrides,
  };
}

const plan = (key: string) => findPlan(key)!;

describe('recommendPlan (docs/product.md §4, in order, with D2)', () => {
  it.each([
    ['> ₹50L', 'scale-up'],
    ['₹15L – ₹50L', 'scale-up'],
    ['₹5L – ₹15L', 'growth-engine'],
    ['₹1L – ₹5L', 'growth-engine'],
    ['< ₹1L', 'launchpad'],
  ] as const)('revenue %s with a website -> %s', (monthlyRevenue, expected) => {
    expect(recommendPlan(answers({ monthlyRevenue }))).toBe(expected);
  });

  it('recommends Scale Up for the AI-automation goal whatever else is true (rule 1 before rule 2)', () => {
    expect(recommendPlan(answers({ goals: ['automate-operations-ai'], hasWebsite: 'No', monthlyRevenue: '< ₹1L' }))).toBe('scale-up');
  });

  it('puts high revenue before "no website" (rule 1 wins)', () => {
    expect(recommendPlan(answers({ monthlyRevenue: '> ₹50L', hasWebsite: 'No' }))).toBe('scale-up');
  });

  it('recommends LaunchPad without a website, at any revenue below ₹15L', () => {
    for (const monthlyRevenue of monthlyRevenues.slice(0, 3)) {
      expect(recommendPlan(answers({ monthlyRevenue, hasWebsite: 'No' }))).toBe('launchpad');
    }
  });

  it('applies the team-size rule only when a team size is known (D2)', () => {
    expect(recommendPlan(answers({ teamSize: '' }))).toBe('growth-engine');
    expect(recommendPlan(answers({ teamSize: '1–3' }))).toBe('launchpad');
    expect(recommendPlan(answers({ teamSize: '4–10' }))).toBe('growth-engine');
  });
});

describe('service reasons (D9)', () => {
  it('explains the website from the website answers', () => {
    expect(serviceReason('website', answers({ hasWebsite: 'No', websiteQuality: '' }))).toBe('website.none');
    expect(serviceReason('website', answers({ websiteQuality: 'Outdated' }))).toBe('website.outdated');
    expect(serviceReason('website', answers({ websiteQuality: 'Okay' }))).toBe('website.okay');
    expect(serviceReason('website', answers({ websiteQuality: 'Good' }))).toBe('website.good');
    // A quality left over from a branch the prospect backed out of does not count.
    expect(serviceReason('website', answers({ hasWebsite: 'No', websiteQuality: 'Good' }))).toBe('website.none');
  });

  it('explains local SEO from the Google Business Profile, walk-ins and locations', () => {
    expect(serviceReason('localseo', answers({ googleBusinessProfile: 'No', goals: ['get-walk-ins'] }))).toBe('localseo.noProfile');
    expect(serviceReason('localseo', answers({ goals: ['get-walk-ins'] }))).toBe('localseo.walkIns');
    expect(serviceReason('localseo', answers({ locationType: 'Multi-location' }))).toBe('localseo.multiLocation');
    expect(serviceReason('localseo', answers())).toBe('localseo.optimise');
  });

  it('explains ads from whether ads run now', () => {
    expect(serviceReason('ads', answers({ runningAds: 'No' }))).toBe('ads.notRunning');
    expect(serviceReason('ads', answers({ runningAds: 'Yes', monthlyAdSpend: 25000 }))).toBe('ads.optimise');
  });

  it('explains brand, social, CRM and AI from the goals', () => {
    expect(serviceReason('branding', answers({ goals: ['build-trust', 'launch-product'] }))).toBe('branding.trust');
    expect(serviceReason('branding', answers({ goals: ['launch-product'] }))).toBe('branding.launch');
    expect(serviceReason('branding', answers())).toBe('branding.consistent');
    expect(serviceReason('smm', answers({ goals: ['build-trust'] }))).toBe('smm.trust');
    expect(serviceReason('smm', answers({ goals: ['launch-product'] }))).toBe('smm.launch');
    expect(serviceReason('smm', answers())).toBe('smm.awareness');
    expect(serviceReason('crm', answers({ goals: ['improve-repeat', 'increase-sales'] }))).toBe('crm.repeat');
    expect(serviceReason('crm', answers({ goals: ['increase-sales'] }))).toBe('crm.sales');
    expect(serviceReason('crm', answers())).toBe('crm.followUp');
    expect(serviceReason('aiagents', answers({ goals: ['automate-operations-ai'] }))).toBe('aiagents.automate');
    expect(serviceReason('aiagents', answers())).toBe('aiagents.respond');
  });

  it('gives every service of the recommended plan a reason, in the plan’s order', () => {
    const report = buildReport(answers({ monthlyRevenue: '> ₹50L' }));
    expect(report.services.map((service) => service.key)).toEqual(plan('scale-up').includedServices);
    expect(report.services.every((service) => service.reason.startsWith(`${service.key}.`))).toBe(true);
    expect(report.services[0]).toEqual({ key: 'website', name: 'Website', reason: 'website.okay' });
  });
});

describe('costs (D7)', () => {
  it('picks the website tier: E-commerce for online-only retail, Pro for ₹5L+ or several locations, else Starter', () => {
    expect(websiteTierFor({ locationType: 'Online-only', industry: 'Retail', monthlyRevenue: '< ₹1L' })).toBe('ecom');
    expect(websiteTierFor({ locationType: 'Online-only', industry: 'Services', monthlyRevenue: '₹1L – ₹5L' })).toBe('starter');
    expect(websiteTierFor({ locationType: 'Single-location', industry: 'Retail', monthlyRevenue: '₹5L – ₹15L' })).toBe('pro');
    expect(websiteTierFor({ locationType: 'Single-location', industry: 'Retail', monthlyRevenue: '> ₹50L' })).toBe('pro');
    expect(websiteTierFor({ locationType: 'Multi-location', industry: 'Education', monthlyRevenue: '< ₹1L' })).toBe('pro');
    expect(websiteTierFor({ locationType: 'Single-location', industry: 'Retail', monthlyRevenue: '₹1L – ₹5L' })).toBe('starter');
  });

  it('charges ads management at 15% of spend, never below ₹5,000', () => {
    expect(adsManagementFee(10000)).toBe(5000);
    expect(adsManagementFee(20000)).toBe(5000);
    expect(adsManagementFee(25000)).toBe(5000);
    expect(adsManagementFee(50000)).toBe(7500);
    expect(adsManagementFee(100000)).toBe(15000);
  });

  it('LaunchPad, starter site, no ads: the plan’s fees and the catalogue line items', () => {
    const costs = planCosts(plan('launchpad'), answers({ monthlyRevenue: '< ₹1L' }));
    expect([costs.setupFee, costs.monthlyFee]).toEqual([10000, 2500]);
    expect(costs.lineItems.map((line) => [line.item, line.type, line.cost])).toEqual([
      ['Website (Starter)', 'oneTime', 25000],
      ['Website (Starter) care', 'monthly', 2500],
      ['Brand Design', 'oneTime', 12000],
      ['Local SEO & Google Business Profile setup', 'oneTime', 18000],
      ['Local SEO & Google Business Profile', 'monthly', 10000],
      ['Social Media Management', 'monthly', 12000],
    ]);
    expect([costs.oneTimeTotal, costs.monthlyTotal]).toEqual([55000, 24500]);
    expect(costs.adSpend).toBeNull();
  });

  it('LaunchPad for someone already running ads still notes their own ad spend', () => {
    const costs = planCosts(plan('launchpad'), answers({ runningAds: 'Yes', monthlyAdSpend: 25000 }));
    expect([costs.adSpend, costs.adSpendSuggested]).toEqual([25000, false]);
  });

  it('Growth Engine, pro site, ₹50,000 ad spend: ads management at 15%', () => {
    const costs = planCosts(plan('growth-engine'), answers({ monthlyRevenue: '₹5L – ₹15L', runningAds: 'Yes', monthlyAdSpend: 50000 }));
    expect([costs.setupFee, costs.monthlyFee]).toEqual([17000, 4500]);
    expect(costs.lineItems.filter((line) => line.service === 'ads').map((line) => line.cost)).toEqual([5000, 7500]);
    expect(costs.oneTimeTotal).toBe(60000 + 12000 + 18000 + 5000);
    expect(costs.monthlyTotal).toBe(5000 + 10000 + 7500 + 12000);
    expect([costs.adSpend, costs.adSpendSuggested]).toEqual([50000, false]);
  });

  it('Growth Engine without ads today suggests the default ₹20,000 budget and the minimum fee', () => {
    const costs = planCosts(plan('growth-engine'), answers({ runningAds: 'No', monthlyAdSpend: 100000 }));
    expect([costs.adSpend, costs.adSpendSuggested]).toEqual([20000, true]);
    expect(costs.lineItems.find((line) => line.part === 'management')?.cost).toBe(5000);
  });

  it('Scale Up, e-commerce site, ₹1,00,000 ad spend', () => {
    const costs = planCosts(
      plan('scale-up'),
      answers({ locationType: 'Online-only', industry: 'Retail', runningAds: 'Yes', monthlyAdSpend: 100000 }),
    );
    expect([costs.setupFee, costs.monthlyFee]).toEqual([25000, 7500]);
    expect(costs.oneTimeTotal).toBe(90000 + 12000 + 18000 + 5000 + 15000 + 20000);
    expect(costs.monthlyTotal).toBe(8000 + 10000 + 15000 + 12000 + 4000 + 15000);
  });
});

describe('KPI ranges and timeline (D8)', () => {
  it('LaunchPad: leads 35–55, no conversion services, trust capped at 50, 4 months', () => {
    expect(planKpis(plan('launchpad'))).toEqual({
      leads: { min: 35, max: 55 },
      conversion: { min: 0, max: 0 },
      trust: { min: 50, max: 50 },
      timelineMonths: 4,
    });
  });

  it('Growth Engine: ads add 20 leads -> 49–77', () => {
    expect(planKpis(plan('growth-engine'))).toEqual({
      leads: { min: 49, max: 77 },
      conversion: { min: 0, max: 0 },
      trust: { min: 50, max: 50 },
      timelineMonths: 4,
    });
  });

  it('Scale Up: leads capped at 80, conversion 24.5 rounds to 25 and 38.5 caps at 30', () => {
    expect(planKpis(plan('scale-up'))).toEqual({
      leads: { min: 56, max: 80 },
      conversion: { min: 25, max: 30 },
      trust: { min: 50, max: 50 },
      timelineMonths: 4,
    });
  });

  it('uses the website’s best tier, adds awareness to trust, and caps each KPI', () => {
    expect(planKpis({ includedServices: ['website'] })).toEqual({
      leads: { min: 14, max: 22 },
      conversion: { min: 0, max: 0 },
      trust: { min: 18, max: 28 },
      timelineMonths: 3,
    });
    expect(planKpis({ includedServices: ['smm', 'branding'] }).trust).toEqual({ min: 35, max: 50 });
    expect(planKpis({ includedServices: ['crm'] })).toMatchObject({ conversion: { min: 11, max: 17 }, timelineMonths: 2 });
    for (const { includedServices } of plans) {
      const kpis = planKpis({ includedServices });
      expect(kpis.leads.max).toBeLessThanOrEqual(kpiCaps.leads);
      expect(kpis.conversion.max).toBeLessThanOrEqual(kpiCaps.conversion);
      expect(kpis.trust.max).toBeLessThanOrEqual(kpiCaps.trust);
      expect(kpis.leads.min).toBeLessThanOrEqual(kpis.leads.max);
    }
  });
});

describe('buildReport', () => {
  it('carries plan, title, services, costs and KPIs together', () => {
    const report = buildReport(answers({ hasWebsite: 'No', websiteQuality: '' }));
    expect(report).toMatchObject({ plan: 'launchpad', planTitle: 'LaunchPad', contactSales: false, websiteTier: 'starter' });
    expect(report.kpis.leads).toEqual({ min: 35, max: 55 });
    expect(buildReport(answers({ monthlyRevenue: '> ₹50L' }))).toMatchObject({ plan: 'scale-up', contactSales: true });
  });
});

describe('pdfFileName (D15)', () => {
  it.each([
    ['Rao Stores', 'Rao_Stores_Growth_Strategy.pdf'],
    ["Asha's Café!", 'Asha_s_Café_Growth_Strategy.pdf'],
    ['  Dr. Mehta  &  Sons  ', 'Dr_Mehta_Sons_Growth_Strategy.pdf'],
    ['web-shop_2', 'web-shop_2_Growth_Strategy.pdf'],
    ['राव स्टोर्स', 'राव_स्टोर्स_Growth_Strategy.pdf'],
    ['../../etc/passwd', 'etc_passwd_Growth_Strategy.pdf'],
    ['!!!', 'My_Business_Growth_Strategy.pdf'],
  ])('%s -> %s', (name, expected) => {
    expect(pdfFileName(name)).toBe(expected);
  });
});
