import { setTimeout as sleep } from 'node:timers/promises';
import { serviceName, type ServiceKey } from '../../../src/domain/catalogue';
import { questionAskedIn, type LeadField } from '../leadDetails';
import {
  adSpendNote,
  brand,
  contactLines,
  faq,
  planDueToday,
  planPrice,
  plans,
  plansIncluding,
  processSteps,
  refundPolicy,
  serviceKeysOf,
  services,
  sitePaths,
  type MarketingService,
  type Plan,
} from '../siteFacts';
import type { ChatProvider, LeadProgress, ReplyRequest } from './types';

/**
 * The local assistant: the default when no Gemini key is set. It answers from the site's own facts (siteFacts.ts),
 * never from anything else, asks for the visitor's name, email and business need one at a time, and streams its
 * answer in small pieces with short pauses, the way a model does. The same question in the same conversation always
 * gets the same answer.
 */

// ---- topics ----------------------------------------------------------------------------------------------------

interface Topic {
  id: string;
  matches: (text: string) => boolean;
  answer: (lead: LeadProgress) => string;
}

const bullet = (line: string) => `• ${line}`;
const popular = (plan: Plan) => (plan.isPopular ? ' (most popular)' : '');

function planList(list: readonly Plan[]): string {
  if (list.length === plans.length) return 'every plan';
  const names = list.map((plan) => plan.title);
  return names.length <= 1 ? (names[0] ?? 'no plan') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function pricingAnswer(): string {
  return [
    'Our plans are a one-time setup fee plus a flat monthly fee, with no annual lock-in:',
    ...plans.map((plan) => bullet(`${plan.title}${popular(plan)}: ${planPrice(plan)}. ${plan.subtitle}.`)),
    `${adSpendNote} Compare the plans on ${sitePaths.pricing}.`,
  ].join('\n');
}

function planAnswer(plan: Plan): string {
  if (plan.isCustom) {
    return [
      `${plan.title} is our custom plan: ${plan.subtitle.toLowerCase()}. It includes:`,
      ...plan.features.map(bullet),
      `It is priced for each business, so it is not sold online: tell our sales team what you need on ${sitePaths.contact}. ${brand.replyPromise}.`,
    ].join('\n');
  }
  return [
    `${plan.title}${popular(plan)}: ${planPrice(plan)}, so ${planDueToday(plan)} to start. ${plan.subtitle}. It includes:`,
    ...plan.features.map(bullet),
    `${adSpendNote} You can buy it with Buy Now on ${sitePaths.pricing}.`,
  ].join('\n');
}

function serviceAnswer(service: MarketingService): string {
  const keys: readonly ServiceKey[] = serviceKeysOf[service.title];
  const inPlans = keys.map((key) => `${serviceName(key)} is included in ${planList(plansIncluding(key))}`);
  return [`${service.title}: ${service.description}`, ...service.features.map(bullet), `${inPlans.join('; ')}.`].join('\n');
}

function servicesAnswer(): string {
  return [
    `We offer ${services.length} services:`,
    ...services.map((service) => bullet(`${service.title}: ${service.description}`)),
    `Each plan bundles several of them; see what is in each on ${sitePaths.pricing}.`,
  ].join('\n');
}

function contactAnswer(): string {
  return [
    'You can reach our team here:',
    ...contactLines().map(bullet),
    `Our hours are ${brand.businessHours}, and ${brand.replyPromise.charAt(0).toLowerCase()}${brand.replyPromise.slice(1)}. You can also send us a message from ${sitePaths.contact}.`,
  ].join('\n');
}

const service = (title: MarketingService['title']) => services.find((item) => item.title === title)!;
const plan = (key: Plan['key']) => plans.find((item) => item.key === key)!;

const topics: readonly Topic[] = [
  {
    id: 'discount',
    matches: (t) => /\bdiscounts?\b|\bcoupons?\b|\bpromo|\bdeals?\b|\bfree trial\b|\bnegotiat|\bcheaper\b/.test(t),
    answer: () =>
      `I don't have any information about discounts or special offers, so I'd rather not promise one. Our plans are priced as shown on ${sitePaths.pricing}; for anything else, please ask our team on ${sitePaths.contact}.`,
  },
  {
    id: 'plan:scale-up',
    matches: (t) => /\bscale[\s-]?up\b|\bcustom (plan|package|pricing|quote)\b|\benterprise\b|\bmulti[\s-]?location/.test(t),
    answer: () => planAnswer(plan('scale-up')),
  },
  { id: 'plan:launchpad', matches: (t) => /\blaunch[\s-]?pad\b/.test(t), answer: () => planAnswer(plan('launchpad')) },
  { id: 'plan:growth-engine', matches: (t) => /\bgrowth[\s-]?engine\b/.test(t), answer: () => planAnswer(plan('growth-engine')) },
  {
    id: 'pricing',
    matches: (t) =>
      /\b(price|prices|pricing|priced|cost|costs|costing|fee|fees|charge|charges|how much|rates?|budget|afford|affordable|expensive|cheap|subscription|monthly|rupees|inr|rs)\b|₹/.test(
        t,
      ),
    answer: pricingAnswer,
  },
  { id: 'adSpend', matches: (t) => /\bad[\s-]?spend\b|\b(ads?|advertising) budget\b/.test(t), answer: () => faq.adSpend },
  {
    id: 'refunds',
    matches: (t) => /\brefund|\bmoney back\b|\bcancel/.test(t),
    answer: () => ['Our cancellation and refund policy:', ...refundPolicy.map(bullet)].join('\n'),
  },
  {
    id: 'lockIn',
    matches: (t) => /\block[\s-]?in\b|\bcontract\b|\bcommitment\b|\bminimum (term|period)\b|\b(annual|yearly)\b/.test(t),
    answer: () => faq.lockIn,
  },
  {
    id: 'changePlan',
    matches: (t) => /\b(upgrade|downgrade|pause)\b|\b(change|switch|move)\b.*\bplans?\b/.test(t),
    answer: () => faq.changePlan,
  },
  {
    id: 'start',
    matches: (t) =>
      /\bhow (soon|quickly|fast) can (we|i) (start|begin)\b|\bhow long (does|will) (it|the setup|setup|onboarding) take\b/.test(t),
    answer: () => faq.howQuickly,
  },
  {
    id: 'results',
    matches: (t) => /\bresults?\b|\bhow (long|soon|quickly)\b|\bwhen will (i|we)\b|\broi\b|\bguarantee/.test(t),
    answer: () => faq.results,
  },
  {
    id: 'service:web',
    matches: (t) => /\bweb ?sites?\b|\bweb (development|design)\b|\bonline (store|shop)\b|\be-?commerce\b/.test(t),
    answer: () => serviceAnswer(service('Web Development')),
  },
  { id: 'service:brand', matches: (t) => /\bbrand(ing)?\b|\blogo\b/.test(t), answer: () => serviceAnswer(service('Brand Design')) },
  {
    id: 'service:marketing',
    matches: (t) => /\bseo\b|\bgoogle (ads|business|maps|search)\b|\bads\b|\badvertis|\bmarketing\b|\bmeta\b|\branking\b/.test(t),
    answer: () => serviceAnswer(service('Digital Marketing')),
  },
  {
    id: 'service:social',
    matches: (t) => /\bsocial\b|\binstagram\b|\bfacebook\b|\breels?\b|\byoutube\b|\blinkedin\b/.test(t),
    answer: () => serviceAnswer(service('Social Media')),
  },
  {
    id: 'service:funnel',
    matches: (t) => /\bfunnels?\b|\blanding pages?\b|\bcrm\b|\bfollow[\s-]?ups?\b|\blead (capture|forms?|generation)\b/.test(t),
    answer: () => serviceAnswer(service('Sales Funnel')),
  },
  {
    id: 'service:ai',
    matches: (t) => /\bai\b|\bartificial intelligence\b|\bchat ?bots?\b|\bai agents?\b|\bagents?\b/.test(t),
    answer: () => serviceAnswer(service('AI Agent Services')),
  },
  {
    id: 'services',
    matches: (t) => /\bservices?\b|\bwhat (do|can) you (do|offer|provide)\b|\boffer(ings?)?\b|\bprovide\b/.test(t),
    answer: servicesAnswer,
  },
  {
    id: 'quiz',
    matches: (t) => /\bquiz\b|\brecommend|\b(which|right|best) plan\b|\bsuggest|\bpersonali[sz]ed\b|\bgrowth plan\b/.test(t),
    answer: () =>
      `Our free growth-plan quiz finds the right plan for you: ${processSteps[0]!.description.charAt(0).toLowerCase()}${processSteps[0]!.description.slice(1)} Start it here: ${sitePaths.quiz}`,
  },
  {
    id: 'process',
    matches: (t) =>
      /\bhow (does|do) (it|this|you|your service|the service) work\b|\bprocess\b|\bsteps?\b|\bget(ting)? started\b|\bonboard|\bsign ?up\b|\bhow (do|can) i (start|begin|join)\b/.test(
        t,
      ),
    answer: () => ['How it works:', ...processSteps.map((step) => `${step.number}. ${step.title}: ${step.description}`)].join('\n'),
  },
  {
    id: 'payment',
    matches: (t) => /\bpay(ment|ing)?\b|\bcard\b|\bcheckout\b|\bbuy\b|\bpurchase\b/.test(t),
    answer: () =>
      `You pay the setup fee plus the first month online: choose Buy Now on ${sitePaths.pricing}, and checkout is processed securely by our card payment provider. Scale Up is arranged with our sales team instead, on ${sitePaths.contact}.`,
  },
  {
    id: 'contact',
    matches: (t) =>
      /\bcontact\b|\bphone\b|\bcall\b|\be-?mail\b|\bwhats ?app\b|\baddress\b|\boffice\b|\blocated\b|\bwhere are you\b|\bhours\b|\btimings?\b|\btalk to\b|\bspeak (to|with)\b|\bhuman\b|\breal person\b|\bsales team\b|\bconsultation\b/.test(
        t,
      ),
    answer: contactAnswer,
  },
  {
    id: 'team',
    matches: (t) => /\bwho (will )?(work|works|handle|handles|manage|manages)\b|\baccount manager\b/.test(t),
    answer: () => faq.whoWorks,
  },
  {
    id: 'about',
    matches: (t) =>
      /\bwho are you\b|\bare you (a |an )?(bot|robot|human|real|ai)\b|\bwhat is growthpath\b|\babout (you|growthpath|your company)\b/.test(
        t,
      ),
    answer: () =>
      `I'm the ${brand.name} assistant, an automated helper that answers from the information on our website. ${brand.name} is ${brand.tagline.charAt(0).toLowerCase()}${brand.tagline.slice(1)}: ${services.map((item) => item.title).join(', ')} for small businesses in India. For anything I can't answer, our team is on ${sitePaths.contact}.`,
  },
];

/** When a more specific topic matched, the general one adds nothing. */
const coveredBy: Record<string, (ids: Set<string>) => boolean> = {
  pricing: (ids) => [...ids].some((id) => id.startsWith('plan:') || id === 'adSpend' || id === 'refunds' || id === 'discount'),
  services: (ids) => [...ids].some((id) => id.startsWith('service:') || id === 'discount'),
  lockIn: (ids) => ids.has('refunds'),
  results: (ids) => ids.has('start'),
  'service:marketing': (ids) => ids.has('adSpend'),
  contact: (ids) => ids.has('team'),
};

/** At most two topics per reply, in the order above: a reply should stay short enough to read in a chat bubble. */
export function topicsOf(message: string): Topic[] {
  // An email address or a stated name is a detail for the lead, not a question about "email" or "contact".
  const text = message.toLowerCase().replace(/\S+@\S+/g, ' ');
  const matched = topics.filter((topic) => topic.matches(text));
  // "What plans do you have?": a plan question with nothing more specific in it is a pricing question.
  if (matched.length === 0 && /\b(plans?|packages?)\b/.test(text)) return topics.filter((topic) => topic.id === 'pricing');
  const ids = new Set(matched.map((topic) => topic.id));
  return matched.filter((topic) => !coveredBy[topic.id]?.(ids)).slice(0, 2);
}

const greetingPattern = /^\s*(hi+|hello|hey|hiya|namaste|namaskar|good (morning|afternoon|evening))\b/i;
const thanksPattern = /\b(thanks|thank you|thank u|thx|great|awesome|perfect|cool)\b/i;
const byePattern = /\b(bye|goodbye|see you)\b/i;

// ---- the visitor's details -------------------------------------------------------------------------------------

const missingFields = (lead: LeadProgress): LeadField[] => (['name', 'email', 'need'] as const).filter((field) => !lead.known[field]);
const nextMissing = (lead: LeadProgress): LeadField | undefined => missingFields(lead)[0];

function leadQuestion(field: LeadField, lead: LeadProgress): string {
  const name = lead.known.name;
  switch (field) {
    case 'name':
      return 'So our team knows who they are talking to, may I have your name?';
    case 'email':
      return `What is the best email address for our team to reach you${name ? `, ${name}` : ''}?`;
    case 'need':
      return 'And what would you most like help with for your business: more enquiries, a new website, ads, social media, or something else?';
  }
}

function acknowledgement(lead: LeadProgress): string | undefined {
  const { captured, known } = lead;
  if (captured.length === 0) return undefined;
  if (!nextMissing(lead)) {
    return `Thank you, ${known.name}! I have passed your details to our team, and we will email you at ${known.email}. ${brand.replyPromise} (${brand.businessHours}).`;
  }
  const parts: string[] = [];
  if (captured.includes('name')) parts.push(`Nice to meet you, ${known.name}!`);
  if (captured.includes('email')) parts.push(`Thanks, I have noted your email: ${known.email}.`);
  if (captured.includes('need')) parts.push('Thanks for telling me what you need; I have noted it for our team.');
  return parts.join(' ');
}

// ---- the reply -------------------------------------------------------------------------------------------------

/** The whole reply to one message: deterministic for the same message, history and lead. */
export function composeReply({ message, history, lead }: ReplyRequest): string {
  const paragraphs: string[] = [];
  const found = topicsOf(message);
  const ack = acknowledgement(lead);
  if (ack) paragraphs.push(ack);

  const greeting = greetingPattern.test(message) && found.length === 0;
  const thanks = !greeting && found.length === 0 && lead.captured.length === 0 && thanksPattern.test(message);
  const bye = found.length === 0 && lead.captured.length === 0 && byePattern.test(message);

  if (bye) {
    paragraphs.push(
      `Thanks for chatting! If anything comes up, you can reach us on ${sitePaths.contact} or at ${brand.phoneDisplay}. ${brand.replyPromise}.`,
    );
    return paragraphs.join('\n\n');
  }
  if (greeting) {
    const hello = lead.known.name ? `Hello again, ${lead.known.name}!` : 'Hello!';
    paragraphs.push(
      `${hello} I'm the ${brand.name} assistant. I can help with our plans and prices, our services (${services.map((item) => item.title).join(', ')}), how we work, and how to reach our team.`,
    );
  }
  for (const topic of found) paragraphs.push(topic.answer(lead));
  if (found.length === 0 && lead.captured.includes('need') && nextMissing(lead) !== undefined) {
    paragraphs.push(
      `If you'd like a recommendation, our free growth-plan quiz (${sitePaths.quiz}) suggests the right plan with costs and expected results.`,
    );
  }
  if (thanks) paragraphs.push("You're welcome!");
  if (paragraphs.length === 0) {
    paragraphs.push(
      `I'm not sure about that, and I'd rather not guess. I can help with our plans and prices, our services, how we work, our policies, and how to reach our team. For anything else, our team can help on ${sitePaths.contact} or at ${brand.phoneDisplay}.`,
    );
  }

  // Ask for one missing detail at a time; when the visitor passed over a question, ask for another detail next
  // (or nothing), so the same question never comes twice in a row.
  const lastModel = [...history].reverse().find((item) => item.role === 'model')?.text;
  const justAsked = questionAskedIn(lastModel);
  const missing = missingFields(lead).find((field) => field !== justAsked);
  if (missing) {
    paragraphs.push(leadQuestion(missing, lead));
  } else if (greeting) {
    paragraphs.push('What would you like to know?');
  } else if (thanks || found.length === 0) {
    paragraphs.push('Is there anything else I can help with?');
  }
  return paragraphs.join('\n\n');
}

/** Splits a reply into the pieces it streams in: a few words each, whitespace kept, so the pieces join back exactly. */
export function piecesOf(text: string, wordsPerPiece = 3): string[] {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerPiece) pieces.push(tokens.slice(i, i + wordsPerPiece).join(''));
  const trailing = /\s+$/.exec(text)?.[0];
  if (trailing && pieces.length > 0) pieces[pieces.length - 1] += trailing;
  return pieces;
}

export function createLocalProvider({ pieceDelayMs }: { pieceDelayMs: number }): ChatProvider {
  return {
    name: 'local',
    async *reply(request, signal) {
      for (const piece of piecesOf(composeReply(request))) {
        if (pieceDelayMs > 0) {
          try {
            await sleep(pieceDelayMs, undefined, { signal });
          } catch {
            return; // aborted: the visitor left or the reply ran out of time
          }
        }
        if (signal.aborted) return;
        yield piece;
      }
    },
  };
}
