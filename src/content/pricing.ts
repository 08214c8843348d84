/** Pricing page copy around the plan cards (the plans themselves live in src/domain/plans.ts). */
export const benefitsInEveryPlan: readonly string[] = [
  'A dedicated account manager',
  'Live client dashboard with leads and tasks',
  'Monthly performance report and review call',
  'No annual lock-in: cancel with 15 days’ notice',
  'Mobile-first, fast and secure by default',
  'Support in English and Hindi',
];

export const adSpendNote = 'Ad spend is paid separately, directly to Google or Meta.';
