import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInr } from '../../src/domain/money';
import { amountDueToday, findPlan, plans } from '../../src/domain/plans';
import { catalogue, websiteTiers } from '../../src/domain/catalogue';
import { GUEST_EMAIL_PLACEHOLDER, guestDetails, isCheckoutHandoff, profileDetails } from '../../src/domain/checkout';

describe('formatInr', () => {
  it.each([
    [0, '₹0'],
    [2500, '₹2,500'],
    [17000, '₹17,000'],
    [125000, '₹1,25,000'],
    [10000000, '₹1,00,00,000'],
  ])('groups %i the Indian way', (rupees, expected) => {
    expect(formatInr(rupees)).toBe(expected);
  });

  it('never shows decimals', () => {
    expect(formatInr(2500.4)).toBe('₹2,500');
    expect(formatInr(2500.6)).toBe('₹2,501');
  });

  it('writes any number exactly as Intl.NumberFormat en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const same = (rupees: number) => formatInr(rupees) === intl.format(Math.round(rupees));
    fc.assert(fc.property(fc.double(), same), { numRuns: 2000 });
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), same), { numRuns: 2000 });
    for (const rupees of [0, -0, -0.4, 0.5, 999, 1000, 99999, 100000, 1e15, 1e21, 1e300, NaN, Infinity, -Infinity]) {
      expect(formatInr(rupees), String(rupees)).toBe(intl.format(Math.round(rupees)));
    }
  });
});

describe('plans (docs/product.md §9)', () => {
  it('has the three plans with their fees and services, in order', () => {
    expect(plans.map((plan) => [plan.key, plan.title, plan.setupFee, plan.monthlyFee])).toEqual([
      ['launchpad', 'LaunchPad', 10000, 2500],
      ['growth-engine', 'Growth Engine', 17000, 4500],
      ['scale-up', 'Scale Up', 25000, 7500],
    ]);
    expect(findPlan('launchpad')?.includedServices).toEqual(['website', 'branding', 'localseo', 'smm']);
    expect(findPlan('growth-engine')?.includedServices).toEqual(['website', 'branding', 'localseo', 'ads', 'smm']);
    expect(findPlan('scale-up')?.includedServices).toEqual(['website', 'branding', 'localseo', 'ads', 'smm', 'crm', 'aiagents']);
  });

  it('marks only Growth Engine popular and only Scale Up custom', () => {
    expect(plans.filter((plan) => plan.isPopular).map((plan) => plan.key)).toEqual(['growth-engine']);
    expect(plans.filter((plan) => plan.isCustom).map((plan) => plan.key)).toEqual(['scale-up']);
  });

  it('charges the setup fee plus the first month today', () => {
    expect(amountDueToday(findPlan('launchpad')!)).toBe(12500);
    expect(amountDueToday(findPlan('growth-engine')!)).toBe(21500);
  });

  it('finds nothing for an unknown key', () => {
    expect(findPlan('gold')).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
  });
});

describe('service catalogue (docs/product.md §9)', () => {
  it('prices every service as specified', () => {
    expect(websiteTiers.starter).toMatchObject({ oneTime: 25000, monthly: 2500, timelineMonths: 2 });
    expect(websiteTiers.pro).toMatchObject({ name: 'Pro (Business)', oneTime: 60000, monthly: 5000, timelineMonths: 3 });
    expect(websiteTiers.ecom).toMatchObject({ name: 'E-commerce', oneTime: 90000, monthly: 8000, timelineMonths: 3 });
    expect(catalogue.branding.oneTime).toBe(12000);
    expect(catalogue.localseo).toMatchObject({ setup: 18000, monthly: 10000 });
    expect(catalogue.ads).toMatchObject({ setup: 5000, managementMinimum: 5000, percentOfSpend: 15, requiresAds: true });
    expect(catalogue.smm.monthly).toBe(12000);
    expect(catalogue.crm).toMatchObject({ setup: 15000, monthly: 4000 });
    expect(catalogue.aiagents).toMatchObject({ setup: 20000, monthly: 15000 });
  });

  it('carries the impact figures and timelines', () => {
    expect([websiteTiers.starter, websiteTiers.pro, websiteTiers.ecom].map((tier) => tier.impact)).toEqual([
      { leads: 10, trust: 10 },
      { leads: 15, trust: 20 },
      { leads: 20, trust: 25 },
    ]);
    expect(catalogue.branding).toMatchObject({ impact: { trust: 15 }, timelineMonths: 1 });
    expect(catalogue.localseo).toMatchObject({ impact: { leads: 30, walkins: 20 }, timelineMonths: 4 });
    expect(catalogue.ads).toMatchObject({ impact: { leads: 20, sales: 15 }, timelineMonths: 1 });
    expect(catalogue.smm).toMatchObject({ impact: { trust: 15, awareness: 20 }, timelineMonths: 2 });
    expect(catalogue.crm).toMatchObject({ impact: { conversionRate: 15, retention: 10 }, timelineMonths: 2 });
    expect(catalogue.aiagents).toMatchObject({ impact: { leads: 10, conversionRate: 20 }, timelineMonths: 2 });
  });
});

describe('checkout hand-off details (docs/product.md §2, Pricing)', () => {
  it('gives guests the guest defaults', () => {
    expect(guestDetails()).toEqual({
      fullName: 'Guest User',
      email: GUEST_EMAIL_PLACEHOLDER,
      phone: '',
      role: 'Owner',
      businessName: 'My Business',
      industry: 'Retail',
      locationType: 'Online-only',
      monthlyRevenue: '< ₹1L',
      teamSize: '1–3',
      goals: ['increase-leads'],
      timelineExpectation: '3–6 months',
      acceptTerms: true,
    });
  });

  it('builds a signed-in buyer from the profile with its fallbacks', () => {
    const full = profileDetails({ email: 'asha@shop.in', displayName: 'Asha Rao', businessName: 'Rao Stores' });
    expect(full).toMatchObject({
      fullName: 'Asha Rao',
      email: 'asha@shop.in',
      phone: '',
      businessName: 'Rao Stores',
      role: 'Owner',
      industry: 'Other',
    });

    const bare = profileDetails({ email: 'x@y.in', displayName: null });
    expect(bare).toMatchObject({ fullName: 'Valued Customer', businessName: "Valued Customer's Business" });

    const named = profileDetails({ email: 'x@y.in', displayName: 'Ravi' });
    expect(named.businessName).toBe("Ravi's Business");
  });

  it('does not share the goals list between calls', () => {
    const first = guestDetails();
    first.goals.push('build-trust');
    expect(guestDetails().goals).toEqual(['increase-leads']);
  });

  it('recognises a hand-off only when it has a plan and details', () => {
    expect(isCheckoutHandoff({ plan: 'launchpad', userDetails: guestDetails() })).toBe(true);
    expect(isCheckoutHandoff(null)).toBe(false);
    expect(isCheckoutHandoff({ plan: 'launchpad' })).toBe(false);
    expect(isCheckoutHandoff('launchpad')).toBe(false);
  });
});
