/**
 * Everything the assistant may say about the agency, taken from the site's own data so it can never drift from what
 * the pages show: plans and fees (src/domain), services, process, FAQs, policies and contact details (src/content).
 * The local assistant answers from these; Gemini gets them in its system instruction, so neither needs to guess.
 *
 * src/content is plain typed data that server/ may read (docs/decisions/075-content-is-shared-data.md); the
 * assistant's reads of it all sit here (docs/decisions/060-chat-reads-site-content.md).
 */
import { serviceName, type ServiceKey } from '../../src/domain/catalogue';
import { formatInr } from '../../src/domain/money';
import { amountDueToday, plans, type Plan } from '../../src/domain/plans';
import { brand } from '../../src/content/brand';
import { homeFaqs, type Faq } from '../../src/content/faqs';
import { helpFaqs } from '../../src/content/helpFaqs';
import { legalDocuments } from '../../src/content/legal';
import { adSpendNote, benefitsInEveryPlan } from '../../src/content/pricing';
import { processSteps } from '../../src/content/process';
import { services, type MarketingService, type ServiceTitle } from '../../src/content/services';

export { brand, plans, processSteps, services, adSpendNote, benefitsInEveryPlan };
export type { MarketingService, Plan, ServiceTitle };

/**
 * The site's paths the assistant refers visitors to. A reply names a page by its path alone, where its name would
 * stand ("on /pricing"): the chat shows it as a link named after the page (src/features/chat/ChatPanel.tsx, pageNames).
 */
export const sitePaths = {
  contact: '/contact',
  pricing: '/pricing',
  quiz: '/get-started',
  howItWorks: '/how-it-works',
  help: '/help',
} as const;

function faqAnswer(faqs: readonly Faq[], questionStart: string): string {
  const faq = faqs.find((item) => item.question.startsWith(questionStart));
  if (!faq) throw new Error(`The site has no FAQ starting "${questionStart}"; the assistant's answers need it.`);
  return faq.answer;
}

/** The FAQ answers the assistant quotes, word for word. */
export const faq = {
  lockIn: faqAnswer(homeFaqs, 'Is there an annual lock-in'),
  results: faqAnswer(homeFaqs, 'How long before I see results'),
  changePlan: faqAnswer(helpFaqs, 'Can I change my plan'),
  adSpend: faqAnswer(homeFaqs, 'Is ad spend included'),
  getStarted: faqAnswer(homeFaqs, 'What do I need to get started'),
  howQuickly: faqAnswer(helpFaqs, 'How quickly can we start'),
  whoWorks: faqAnswer(helpFaqs, 'Who will work on my account'),
  model: faqAnswer(helpFaqs, 'How does the growth platform model work'),
};

const refundsDocument = legalDocuments.find((document) => document.slug === 'refunds');
if (!refundsDocument) throw new Error('The site has no refunds policy; the assistant quotes it.');

/** The cancellation and refund policy, as bullet points from the legal page. */
export const refundPolicy: readonly string[] = refundsDocument.sections.flatMap((section) => [
  ...(section.paragraphs ?? []).filter((paragraph) => !paragraph.startsWith('Questions about this policy')),
  ...(section.list ?? []),
]);

/** "₹10,000 setup + ₹2,500/month", or the custom plan's "custom pricing". */
export function planPrice(plan: Plan): string {
  if (plan.isCustom) return 'custom pricing, arranged with our sales team';
  return `${formatInr(plan.setupFee)} one-time setup + ${formatInr(plan.monthlyFee)}/month`;
}

export function planDueToday(plan: Plan): string {
  return formatInr(amountDueToday(plan));
}

/** Which plans include a catalogue service, e.g. ads: Growth Engine and Scale Up. */
export function plansIncluding(key: ServiceKey): Plan[] {
  return plans.filter((plan) => plan.includedServices.includes(key));
}

export function includedServiceNames(plan: Plan): string[] {
  return plan.includedServices.map(serviceName);
}

/** The catalogue services behind each marketed service, to say which plans include it. */
export const serviceKeysOf: Record<ServiceTitle, readonly ServiceKey[]> = {
  'Web Development': ['website'],
  'Brand Design': ['branding'],
  'Digital Marketing': ['localseo', 'ads'],
  'Social Media': ['smm'],
  'Sales Funnel': ['crm'],
  'AI Agent Services': ['aiagents'],
};

export function contactLines(): string[] {
  return [
    `Phone: ${brand.phoneDisplay}`,
    `Email: ${brand.email}`,
    `WhatsApp: the chat link on ${sitePaths.contact}`,
    `Office: ${brand.location}`,
  ];
}

/** The facts as plain text, for a model's system instruction. */
export function factSheet(): string {
  const lines: string[] = [];
  lines.push(`Agency: ${brand.name} (${brand.tagline}), for small and mid-size businesses in India.`);
  lines.push('', 'Services:');
  for (const service of services) lines.push(`- ${service.title}: ${service.description} (${service.features.join(', ')})`);
  lines.push('', 'Plans (prices in Indian rupees; a one-time setup fee plus a flat monthly fee):');
  for (const plan of plans) {
    const popular = plan.isPopular ? ' [most popular]' : '';
    const price = plan.isCustom ? 'Custom price; not sold online, visitors contact sales via the contact page' : planPrice(plan);
    lines.push(`- ${plan.title}${popular}: ${plan.subtitle}. ${price}. Includes: ${plan.features.join('; ')}.`);
  }
  lines.push(`- ${adSpendNote}`);
  lines.push(`- In every plan: ${benefitsInEveryPlan.join('; ')}.`);
  lines.push('', 'How it works:');
  for (const step of processSteps) lines.push(`${step.number}. ${step.title}: ${step.description}`);
  lines.push('', 'FAQ:');
  for (const item of [...homeFaqs, ...helpFaqs]) lines.push(`- ${item.question} ${item.answer}`);
  lines.push('', 'Cancellation and refunds:');
  for (const point of refundPolicy) lines.push(`- ${point}`);
  lines.push('', 'Contact:');
  for (const line of contactLines()) lines.push(`- ${line}`);
  lines.push(`- Business hours: ${brand.businessHours}. ${brand.replyPromise}.`);
  lines.push(
    '',
    `Pages: pricing ${sitePaths.pricing}, free growth-plan quiz (15 questions, English or Hindi) ${sitePaths.quiz}, ` +
      `how it works ${sitePaths.howItWorks}, help center ${sitePaths.help}, contact ${sitePaths.contact}.`,
  );
  return lines.join('\n');
}
