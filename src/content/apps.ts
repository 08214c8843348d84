/** Apps & Solutions: the five packaged solutions (docs/product.md §2). */
export interface AppSolution {
  title: string;
  description: string;
  highlights: readonly string[];
  icon: 'bot' | 'map-pin' | 'workflow' | 'rocket' | 'sparkles';
  cta: { label: string; to: string };
  badge?: string;
}

export const appSolutions: readonly AppSolution[] = [
  {
    title: 'AI Sales Agent',
    description: 'A 24/7 assistant on WhatsApp and your website that answers questions, qualifies leads and books calls.',
    highlights: ['Replies in seconds, day and night', 'Speaks English and Hindi', 'Hands hot leads to your team'],
    icon: 'bot',
    cta: { label: 'Request a demo', to: '/demo' },
  },
  {
    title: 'Local SEO Booster',
    description: 'Rank in Google Maps and "near me" searches with an optimised Business Profile, reviews and local pages.',
    highlights: ['Google Business Profile optimisation', 'Review collection on autopilot', 'Local landing pages'],
    icon: 'map-pin',
    cta: { label: 'Request a demo', to: '/demo' },
  },
  {
    title: 'Funnel Automation System',
    description: 'Landing pages, lead forms, CRM and automated follow-ups that turn enquiries into customers.',
    highlights: ['Lead capture to CRM', 'WhatsApp and email follow-ups', 'Pipeline reporting'],
    icon: 'workflow',
    cta: { label: 'Request a demo', to: '/demo' },
  },
  {
    title: 'Rapid Website Launchpad',
    description: 'A professional, mobile-first website, ready in two weeks, with hosting, SSL and speed tuning included.',
    highlights: ['Ready in two weeks', 'Built for phones first', 'SEO and analytics set up'],
    icon: 'rocket',
    badge: 'Ready in two weeks',
    cta: { label: 'Get started', to: '/get-started' },
  },
  {
    title: 'Social Content Engine',
    description: 'A monthly calendar of posts, reels and stories designed, written and published for you.',
    highlights: ['Content calendar every month', 'Reels and carousel designs', 'Publishing and replies'],
    icon: 'sparkles',
    cta: { label: 'See plans', to: '/pricing' },
  },
];
