/** The four advantage cards of How It Works (docs/product.md §2). */
export interface Advantage {
  title: string;
  description: string;
  icon: 'eye' | 'wallet' | 'zap' | 'layers';
}

export const advantages: readonly Advantage[] = [
  {
    title: 'Total Transparency',
    description: 'Every task, rupee and result is visible on your dashboard. No vague reports, no hidden charges.',
    icon: 'eye',
  },
  {
    title: 'Predictable Investment',
    description: 'One setup fee and one flat monthly fee. Ad spend is paid separately and only ever with your approval.',
    icon: 'wallet',
  },
  {
    title: 'Unmatched Speed',
    description: 'Websites live in about two weeks and campaigns running within days, not months of meetings.',
    icon: 'zap',
  },
  {
    title: 'An All-in-One Partner',
    description: 'Web, brand, ads, social, CRM and AI under one roof, so nothing falls between three different agencies.',
    icon: 'layers',
  },
];
