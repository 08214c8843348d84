import type { ServiceKey, WebsiteTier } from '../domain/catalogue';
import type { PlanKey } from '../domain/plans';
import type { CostLineItem, ServiceReason } from '../domain/report';
import type { WebsiteQuality } from '../domain/quiz';

/**
 * Every string of the growth report, in English; report.hi.ts has the same shape in Hindi. Figures are formatted
 * by the page (formatInr, Intl.DateTimeFormat) and passed in, so the sentences stay whole in both languages.
 */
export interface ReportCopy {
  lang: string;
  /** Locale for dates. */
  locale: string;
  pageTitle: string;
  pageDescription: string;
  loading: string;
  eyebrow: string;
  title: string;
  preparedOn: (date: string) => string;
  preparedFor: (business: string) => string;
  greeting: (firstName: string) => string;
  intro: (business: string) => string;
  position: {
    title: string;
    website: Record<'none' | WebsiteQuality, string>;
    /** The monthly ad spend the quiz was given (its option's amount and label), or null when no ads run. */
    ads: (spend: { amount: number; label: string } | null) => string;
    profile: Record<'Yes' | 'No', string>;
    business: string;
  };
  vision: { title: string; goals: string; timeline: string; budget: string; notGiven: string };
  /** The quiz's timeline expectation ('3–6 months') in the report's language. */
  timeline: (value: string) => string;
  plan: {
    title: string;
    lead: (timelineMonths: number) => string;
    subtitles: Record<PlanKey, string>;
    servicesTitle: string;
  };
  services: Record<ServiceKey, string>;
  tiers: Record<WebsiteTier, string>;
  reasons: Record<ServiceReason, string>;
  investment: {
    title: string;
    setup: string;
    monthly: string;
    perMonth: string;
    startingFrom: string;
    customNote: string;
    adSpend: string;
    adSpendOwn: (amount: string) => string;
    adSpendSuggested: (amount: string) => string;
    adSpendNone: string;
    valueTitle: string;
    valueLead: string;
    oneTime: string;
    monthlyColumn: string;
    totalOneTime: string;
    totalMonthly: string;
    lineItem: (item: CostLineItem, tier: string) => string;
  };
  results: {
    title: (months: number) => string;
    leads: string;
    conversion: string;
    trust: string;
    range: (min: number, max: number) => string;
    /** A result the recommended plan does not include: where it comes (in place of a figure), and with what. */
    notInPlanTitle: string;
    notInPlan: string;
    disclaimer: string;
  };
  nextSteps: { title: string; steps: (planTitle: string, contactSales: boolean) => string[] };
  actions: {
    activate: string;
    contactSales: string;
    consult: string;
    pdf: string;
    pdfBusy: string;
    pdfFailed: string;
    libraryMissing: string;
    editAnswers: string;
  };
  footer: string;
}

const serviceNames: Record<ServiceKey, string> = {
  website: 'Website',
  branding: 'Brand Design',
  localseo: 'Local SEO & Google Business Profile',
  ads: 'Paid Ads Management',
  smm: 'Social Media Management',
  crm: 'CRM & Automation',
  aiagents: 'AI Agents',
};

export const reportEn = {
  lang: 'en',
  locale: 'en-IN',
  pageTitle: 'Your Growth Strategy',
  pageDescription: 'Your personalised digital growth strategy: recommended plan, investment and projected results.',
  loading: 'Generating your personalized growth plan...',
  eyebrow: 'Growth plan',
  title: 'Your Personalised Growth Strategy',
  preparedOn: (date) => `Prepared on ${date}`,
  preparedFor: (business) => `for ${business}`,
  greeting: (firstName) => `Hello ${firstName},`,
  intro: (business) =>
    `Thank you for telling us about ${business}. Here is where you stand today, the plan we recommend and what it can achieve.`,
  position: {
    title: 'Where you are today',
    website: {
      none: 'You do not have a website yet, so customers who search for you online cannot find you.',
      Outdated: 'You have a website, but it looks outdated and may be turning visitors away.',
      Okay: 'You have a website that works, but it could bring in far more enquiries.',
      Good: 'You have a good website: a strong base to build on.',
    },
    // The quiz's labels ('Under ₹10k') are answers, not phrases: this sentence words each amount itself.
    ads: (spend) =>
      spend
        ? `You spend ${({ 10000: 'under ₹10k', 25000: '₹10k to ₹25k', 50000: '₹25k to ₹50k', 100000: '₹50k or more' } as Record<number, string>)[spend.amount] ?? spend.label} a month on online ads.`
        : 'You are not running online ads yet.',
    profile: {
      Yes: 'You have a Google Business Profile.',
      No: 'You do not have a Google Business Profile yet.',
    },
    business: 'Your business',
  },
  vision: {
    title: 'Your vision',
    goals: 'What you want to achieve',
    timeline: 'Timeline you expect',
    budget: 'Monthly budget in mind',
    notGiven: 'Not given',
  },
  timeline: (value) => value,
  plan: {
    title: 'Your recommended plan',
    lead: (months) => `Everything below works together, and most of it shows results within ${months} months.`,
    subtitles: {
      launchpad: 'Get online and start getting found',
      'growth-engine': 'Turn visibility into a steady flow of leads',
      'scale-up': 'Automate, personalise and scale across locations',
    },
    servicesTitle: 'What is included, and why',
  },
  services: serviceNames,
  tiers: { starter: 'Starter', pro: 'Pro (Business)', ecom: 'E-commerce' },
  reasons: {
    'website.none': 'You have no website yet: we build a fast, mobile-first site so customers can find and contact you.',
    'website.outdated': 'Your current site looks outdated: a modern redesign wins back the visitors it loses today.',
    'website.okay': 'Your site works but does not sell: clear pages and calls to action turn visits into enquiries.',
    'website.good': 'Your site is good: we keep it fast and secure and add landing pages that convert.',
    'branding.trust': 'You want people to trust your brand: a consistent logo, colours and voice make you look established.',
    'branding.launch': 'You are launching something new: a sharp brand kit makes the launch look professional everywhere.',
    'branding.consistent': 'One consistent look on your shop, website and social pages makes you memorable.',
    'localseo.noProfile': 'You have no Google Business Profile: we set it up so you appear on Google Maps when nearby customers search.',
    'localseo.walkIns': 'You want more walk-ins: local SEO puts you at the top of "near me" searches.',
    'localseo.multiLocation': 'You have several locations: each gets its own optimised listing and local pages.',
    'localseo.optimise': 'Your profile exists: we optimise it with photos, posts and reviews to rank higher locally.',
    'ads.notRunning': 'You are not running ads yet: targeted Google and Meta ads bring enquiries from the first month.',
    'ads.optimise': 'You already run ads: expert management makes every rupee of your spend work harder.',
    'smm.trust': 'Regular, quality posts show customers you are active and build trust over time.',
    'smm.launch': 'Social media builds buzz for your launch and keeps people talking about it.',
    'smm.awareness': 'Steady social media keeps your business in front of local customers every week.',
    'crm.repeat': 'You want customers to come back: automated follow-ups and offers bring repeat business.',
    'crm.sales': 'You want more sales: a CRM makes sure no enquiry is forgotten and every lead is followed up.',
    'crm.followUp': 'A CRM tracks every enquiry and follows up automatically, so fewer leads slip away.',
    'aiagents.automate': 'You want to automate with AI: AI agents answer enquiries and book appointments day and night.',
    'aiagents.respond': 'AI agents reply to customers instantly, even outside business hours.',
  },
  investment: {
    title: 'Your investment',
    setup: 'One-time setup',
    monthly: 'Monthly retainer',
    perMonth: '/month',
    startingFrom: 'Starting from',
    customNote: 'Scale Up is tailored to your business; our sales team confirms the final price with you.',
    adSpend: 'Ad spend',
    adSpendOwn: (amount) => `About ${amount} a month, paid directly to Google or Meta, separate from your plan.`,
    adSpendSuggested: (amount) =>
      `We suggest starting with about ${amount} a month, paid directly to Google or Meta, separate from your plan.`,
    adSpendNone: 'Not needed for this plan. If you add ads later, ad spend is paid directly to Google or Meta.',
    valueTitle: 'What these services cost one by one',
    valueLead: 'Bought separately at our catalogue prices, the same services would cost:',
    oneTime: 'One-time',
    monthlyColumn: 'Monthly',
    totalOneTime: 'Total one-time',
    totalMonthly: 'Total monthly',
    lineItem: (item, tier) => {
      const name = serviceNames[item.service];
      switch (item.part) {
        case 'build':
          return item.service === 'website' ? `${name} build: ${tier}` : `${name} (logo and brand kit)`;
        case 'setup':
          return `${name}: setup`;
        case 'management':
          return `${name}: 15% of ad spend, minimum ₹5,000`;
        case 'retainer':
          return item.service === 'website' ? `${name} care and hosting: ${tier}` : name;
      }
    },
  },
  results: {
    title: (months) => `Projected results within ${months} months`,
    leads: 'More leads',
    conversion: 'Higher conversion rate',
    trust: 'Brand trust',
    range: (min, max) => (min === max ? `+${max}%` : `+${min}–${max}%`),
    notInPlanTitle: 'In Scale Up',
    notInPlan: 'Comes with CRM and AI agents',
    disclaimer: 'Estimates based on typical results of these services for businesses like yours; not a guarantee.',
  },
  nextSteps: {
    title: 'Next steps',
    steps: (plan, contactSales) => [
      contactSales
        ? `Talk to our sales team: we tailor ${plan} to your business and confirm the price.`
        : `Activate ${plan}: pay the setup fee and first month securely online.`,
      'Meet your account manager the same week and share your logo, photos and access.',
      'We build, launch and improve your website, listings, ads and content every month.',
      'Follow your leads and every task live on your client dashboard.',
    ],
  },
  actions: {
    activate: 'Activate Your Plan',
    contactSales: 'Contact Sales',
    consult: 'Book Free Consultation',
    pdf: 'Print / Save as PDF',
    pdfBusy: 'Preparing your PDF...',
    pdfFailed: 'Sorry, the PDF could not be created. Please try again, or use your browser’s Print.',
    libraryMissing: 'PDF generation library not loaded. Please try again.',
    editAnswers: 'Change my answers',
  },
  footer: 'GrowthPath · Digital growth on a simple monthly plan',
} satisfies ReportCopy;
