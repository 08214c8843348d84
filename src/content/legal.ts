import { brand } from './brand';

/** The four legal pages (docs/product.md §2, §9). Plain policy text; the agency's lawyer reviews it before launch. */

export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export interface LegalDocument {
  slug: 'terms' | 'privacy' | 'shipping' | 'refunds';
  title: string;
  summary: string;
  updated: string;
  sections: readonly LegalSection[];
}

const contactLine = `Questions about this policy: write to ${brand.supportEmail} or call ${brand.phoneDisplay} (${brand.businessHours}).`;

export const legalDocuments: readonly LegalDocument[] = [
  {
    slug: 'terms',
    title: 'Terms of Service',
    summary: `The terms on which ${brand.legalName} provides this website and its subscription services.`,
    updated: '1 November 2026',
    sections: [
      {
        heading: '1. Agreement',
        paragraphs: [
          `By using this website or subscribing to a plan you agree to these terms. If you do not agree, please do not use the website or our services. "We" means ${brand.legalName}; "you" means the person or business using the website or services.`,
        ],
      },
      {
        heading: '2. Licence to use this website',
        paragraphs: [
          'We grant you a limited, non-exclusive, non-transferable, revocable licence to view and use this website and your client dashboard for your own business purposes. All content, designs, code and trademarks on the website remain ours or our licensors’.',
          'Work we create for you under a paid plan (such as your website design, logo and content) is licensed to you for your business once the relevant fees are paid, as set out in your onboarding summary.',
        ],
      },
      {
        heading: '3. You must not',
        list: [
          'copy, republish, sell or sub-license material from this website without our written permission;',
          'use the website or dashboard in a way that damages it or impairs anyone else’s access to it;',
          'use the website for anything unlawful, fraudulent or harmful, or to send spam;',
          'attempt to gain unauthorised access to any account, system or data, or probe or scan for vulnerabilities;',
          'use automated tools to scrape or harvest data from the website;',
          'give us content you do not have the right to use, or that is misleading, defamatory or infringes anyone’s rights.',
        ],
      },
      {
        heading: '4. Plans, fees and billing',
        paragraphs: [
          'Each plan has a one-time setup fee and a monthly fee, both shown in Indian rupees before you pay. The first payment is the setup fee plus the first month. The monthly fee then renews each billing period until you cancel.',
          'Advertising spend with Google, Meta or other platforms is not part of the plan fees. It is paid separately, at a budget you approve.',
        ],
      },
      {
        heading: '5. Projections are estimates',
        paragraphs: [
          'Growth plans, reports and dashboard projections are estimates based on the information you give and typical results. They are not guarantees of leads, sales or rankings, which also depend on your market, offer and factors outside our control.',
        ],
      },
      {
        heading: '6. Liability',
        paragraphs: [
          'To the extent the law allows, our total liability for any claim relating to the services is limited to the fees you paid us in the three months before the claim. We are not liable for indirect or consequential losses such as lost profits.',
        ],
      },
      {
        heading: '7. Governing law',
        paragraphs: [
          'These terms are governed by the laws of India. Courts in Bengaluru, Karnataka have exclusive jurisdiction over any dispute.',
          contactLine,
        ],
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary: 'What personal data GrowthPath collects, why we use it, how you give and withdraw consent, and how long we keep it.',
    updated: '1 November 2026',
    sections: [
      {
        heading: '1. We collect only what we need',
        paragraphs: [
          'We collect the details you give us through our forms, quiz, chat assistant and checkout: your name, email, phone number, business name, role, industry and the answers you choose to give about your business. When you pay, our payment provider processes your card or UPI details; we never see or store your full card number.',
          'We also collect basic technical data (pages visited, device and browser type) to keep the website secure and working. We do not sell your data to anyone.',
        ],
      },
      {
        heading: '2. Why we use it',
        list: [
          'to prepare your personalised growth plan and answer your enquiries;',
          'to set up and deliver the services you subscribe to, and to run your client dashboard;',
          'to process payments and keep records required by law;',
          'to improve our website and services, using aggregated data where possible.',
        ],
      },
      {
        heading: '3. Consent',
        paragraphs: [
          'We use your details for the purposes above with your consent, which you give when you submit a form, accept our terms in the quiz or subscribe to a plan. You can withdraw consent at any time by writing to us; this does not affect anything we did lawfully before.',
          'We only send marketing messages if you have asked to receive them, and every message explains how to stop them.',
        ],
      },
      {
        heading: '4. Retention',
        paragraphs: [
          'Enquiries and quiz answers from people who do not become clients are deleted after 24 months. Client records are kept for as long as you subscribe and for 8 years afterwards where tax and accounting law requires it. Chat transcripts are kept for 12 months.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'Under India’s Digital Personal Data Protection Act, 2023 you may ask for a summary of the personal data we hold about you, ask us to correct or erase it, and raise a grievance with us. We answer within 30 days.',
          contactLine,
        ],
      },
    ],
  },
  {
    slug: 'shipping',
    title: 'Shipping & Delivery Policy',
    summary: 'GrowthPath services are delivered digitally: through your client dashboard, by email or through channels we agree with you.',
    updated: '1 November 2026',
    sections: [
      {
        heading: '1. Digital delivery only',
        paragraphs: ['All our services are digital. We do not ship physical goods, and no shipping charges apply to any plan.'],
      },
      {
        heading: '2. How you receive your services',
        list: [
          'through your client dashboard, which shows your plan, project timeline, tasks and results;',
          'by email, for reports, invoices, design files and access details;',
          'through other channels agreed with your account manager, such as WhatsApp or shared folders.',
        ],
      },
      {
        heading: '3. Timelines',
        paragraphs: [
          'Dashboard access is available as soon as your payment is confirmed. Your account manager contacts you within one working day, and your onboarding summary lists the delivery dates for each part of your plan.',
          contactLine,
        ],
      },
    ],
  },
  {
    slug: 'refunds',
    title: 'Cancellation & Refund Policy',
    summary: 'How to cancel a GrowthPath plan with 15 days’ notice, how long service continues, and which fees are refundable.',
    updated: '1 November 2026',
    sections: [
      {
        heading: '1. No annual lock-in',
        paragraphs: ['Plans are billed monthly. You can cancel at any time; there is no minimum term.'],
      },
      {
        heading: '2. How to cancel',
        paragraphs: [
          'Tell your account manager, or write to us, at least 15 days before your next billing date. Cancellations received later take effect from the following billing date.',
          'Your services stay active until the end of the period you have already paid for.',
        ],
      },
      {
        heading: '3. Refunds',
        list: [
          'The one-time setup fee is non-refundable, because setup work starts as soon as you subscribe.',
          'Monthly fees are non-refundable, including for a partly used month.',
          'Ad spend paid directly to advertising platforms is governed by those platforms’ own terms.',
          'If you were charged twice or charged in error, we refund the duplicate amount in full within 7 working days.',
        ],
      },
      {
        heading: '4. Pausing instead',
        paragraphs: [
          'If you need a break, you can pause or move to a smaller plan through your account manager instead of cancelling.',
          contactLine,
        ],
      },
    ],
  },
];

export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  return legalDocuments.find((doc) => doc.slug === slug);
}
