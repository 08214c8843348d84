import type { Faq } from './faqs';

/** The five questions of the Help Center (docs/product.md §2). */
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
