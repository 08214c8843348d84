/** FAQs: five on home, five in the Help Center (SPEC.md §1, §2). */
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

export const helpFaqs: readonly Faq[] = [
  {
    question: 'How does the growth platform model work?',
    answer:
      'Instead of paying for one-off projects, you subscribe to a growth plan. A one-time setup fee covers building your foundations (website, brand, profiles); the flat monthly fee covers the ongoing work of marketing, content, ads management and reporting, all tracked on your client dashboard.',
  },
  {
    question: 'How quickly can we start?',
    answer:
      'Straight away. Once your payment is confirmed you get access to your dashboard, and your account manager contacts you within one working day. Most websites go live in about two weeks and campaigns within days.',
  },
  {
    question: 'Can I change my plan later?',
    answer:
      'Yes. You can scale up, scale down or pause your plan at any time through your account manager. Changes apply from your next billing cycle, with no annual lock-in.',
  },
  {
    question: 'What results can I expect?',
    answer:
      'It depends on your market and starting point. Most clients see more enquiries within the first 1–2 months, with the full effect of SEO, content and brand work after 3–6 months. Your personalised report shows projected ranges, and your dashboard shows the real figures.',
  },
  {
    question: 'Who will work on my account?',
    answer:
      'A dedicated account manager leads your account, backed by our in-house designers, developers, ad specialists and content creators. You always have one person to talk to.',
  },
];
