/** The six services we market (docs/product.md §1), shown in the services grids. */

export type ServiceIcon = 'code' | 'palette' | 'megaphone' | 'share' | 'funnel' | 'bot';
export type ServiceTone = 'blue' | 'orange' | 'green' | 'pink' | 'violet' | 'teal';

export interface MarketingService {
  title: ServiceTitle;
  description: string;
  features: readonly string[];
  icon: ServiceIcon;
  tone: ServiceTone;
}

export const serviceTitles = [
  'Web Development',
  'Brand Design',
  'Digital Marketing',
  'Social Media',
  'Sales Funnel',
  'AI Agent Services',
] as const;

export type ServiceTitle = (typeof serviceTitles)[number];

export const services: readonly MarketingService[] = [
  {
    title: 'Web Development',
    description: 'Fast, mobile-first websites and online stores that turn visitors into enquiries and orders.',
    features: ['Mobile-first design', 'Speed and SEO built in', 'Payments and WhatsApp integration'],
    icon: 'code',
    tone: 'blue',
  },
  {
    title: 'Brand Design',
    description: 'A logo, colours and a voice that make a small business look as trustworthy as it is.',
    features: ['Logo and brand kit', 'Social and print templates', 'Brand guidelines'],
    icon: 'palette',
    tone: 'orange',
  },
  {
    title: 'Digital Marketing',
    description: 'Google and Meta ads plus local SEO, aimed at the people most likely to buy from you.',
    features: ['Google Business Profile', 'Search and social ads', 'Monthly ROI reporting'],
    icon: 'megaphone',
    tone: 'green',
  },
  {
    title: 'Social Media',
    description: 'Consistent posts, reels and replies that keep your business visible and talked about.',
    features: ['Content calendar', 'Reels and creatives', 'Community management'],
    icon: 'share',
    tone: 'pink',
  },
  {
    title: 'Sales Funnel',
    description: 'Landing pages, lead forms and follow-ups that move a prospect from first click to paying customer.',
    features: ['Landing pages', 'Lead capture and CRM', 'Automated follow-ups'],
    icon: 'funnel',
    tone: 'violet',
  },
  {
    title: 'AI Agent Services',
    description: 'AI assistants that answer customers, qualify leads and book appointments around the clock.',
    features: ['WhatsApp and web chat agents', 'Lead qualification', 'Appointment booking'],
    icon: 'bot',
    tone: 'teal',
  },
];
