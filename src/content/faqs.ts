/** FAQs: five on home, five in the Help Center (docs/product.md §1, §2). */
export interface Faq {
  question: string;
  answer: string;
}

export const homeFaqs: readonly Faq[] = [
  {
    question: 'Is there an annual lock-in?',
    answer:
      'No. Plans are billed monthly and there is no annual contract. Cancel with at least 15 days’ notice before your next billing date and your service runs until the end of the period you paid for.',
  },
  {
    question: 'How long before I see results?',
    answer:
      'Ads can bring enquiries within days, while SEO, content and brand work compound over time. We recommend giving a plan 3–6 months to show its full results.',
  },
  {
    question: 'Can I upgrade, downgrade or pause my plan?',
    answer:
      'Yes. Tell your account manager and we will move you to the plan that fits, or pause your services, from your next billing cycle.',
  },
  {
    question: 'Is ad spend included in the monthly fee?',
    answer:
      'No. Your plan covers our work: strategy, creatives and management. Ad spend is paid directly to Google or Meta, separately, and only at a budget you approve.',
  },
  {
    question: 'What do I need to get started?',
    answer:
      'Just the basics about your business. Take the 15-question quiz for a personalised plan, or pick a plan on the pricing page and your account manager will handle the rest.',
  },
];
