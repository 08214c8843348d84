import type { ServiceTitle } from './services';

/**
 * Case studies (docs/product.md §3): seven exist and only the first has full details. Sample content. The details live in
 * caseStudyDetails.ts so the home page, which shows three cards, does not download the full write-ups.
 */

export interface CaseStudy {
  slug: string;
  title: string;
  category: ServiceTitle;
  image: string;
  description: string;
  tags: readonly string[];
  /** The one headline figure shown on the card. */
  metric: string;
  client: string;
}

export const caseStudies: readonly CaseStudy[] = [
  {
    slug: 'ecommerce-platform-redesign',
    title: 'E-commerce Platform for a Family Textile Business',
    category: 'Web Development',
    image: '/images/case-studies/ecommerce-platform-redesign.svg',
    client: 'Sharma Textiles, Jaipur',
    description: 'A 40-year-old saree and fabric store moved from WhatsApp catalogues to a fast online store with UPI and card payments.',
    tags: ['E-commerce', 'UPI payments', 'Mobile-first'],
    metric: '3.2x online revenue in 6 months',
  },
  {
    slug: 'brand-identity-refresh',
    title: 'Brand Identity for a Multi-Speciality Clinic',
    category: 'Brand Design',
    image: '/images/case-studies/brand-identity-refresh.svg',
    client: 'CarePlus Clinic, Pune',
    description: 'A new name mark, colours and signage that made a growing clinic look as reliable as its doctors are.',
    tags: ['Logo', 'Brand kit', 'Signage'],
    metric: '41% more first-time patients',
  },
  {
    slug: 'digital-campaign-launch',
    title: 'Launch Campaign for a Real-Estate Project',
    category: 'Digital Marketing',
    image: '/images/case-studies/digital-campaign-launch.svg',
    client: 'Urban Nest Realty, Hyderabad',
    description: 'Google and Meta campaigns with local landing pages that filled site visits for a new housing project.',
    tags: ['Google Ads', 'Meta Ads', 'Landing pages'],
    metric: '₹310 cost per qualified lead',
  },
  {
    slug: 'social-media-growth-strategy',
    title: 'Social Media Growth for a Fitness Studio',
    category: 'Social Media',
    image: '/images/case-studies/social-media-growth-strategy.svg',
    client: 'FitZone Gym, Indore',
    description: 'A reels-first content plan and community replies that turned followers into trial bookings.',
    tags: ['Instagram', 'Reels', 'Community'],
    metric: '12k new followers in 90 days',
  },
  {
    slug: 'conversion-funnel-optimization',
    title: 'Admissions Funnel for a Coaching Institute',
    category: 'Sales Funnel',
    image: '/images/case-studies/conversion-funnel-optimization.svg',
    client: 'BrightMinds Academy, Lucknow',
    description: 'A landing page, lead form and automated WhatsApp follow-ups that turned enquiries into enrolments.',
    tags: ['Landing page', 'CRM', 'Automation'],
    metric: '2.3x enquiry-to-admission rate',
  },
  {
    slug: 'restaurant-management-system',
    title: 'Online Ordering and Table Booking for a Restaurant',
    category: 'Web Development',
    image: '/images/case-studies/restaurant-management-system.svg',
    client: 'Spice Route Kitchen, Chennai',
    description: 'Direct online ordering and table reservations that cut aggregator commissions on every order.',
    tags: ['Online ordering', 'Reservations', 'Payments'],
    metric: '28% of orders now direct',
  },
  {
    slug: 'ai-customer-support-agent',
    title: 'AI Support Agent for an Electronics Retailer',
    category: 'AI Agent Services',
    image: '/images/case-studies/ai-customer-support-agent.svg',
    client: 'Volt Electronics, Ahmedabad',
    description: 'A WhatsApp and website assistant that answers product questions and tracks orders in English, Hindi and Gujarati.',
    tags: ['AI agent', 'WhatsApp', 'Multilingual'],
    metric: '70% of queries answered instantly',
  },
];

export function findCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}
