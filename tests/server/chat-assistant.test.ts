import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInr } from '../../src/domain/money';
import { amountDueToday, plans } from '../../src/domain/plans';
import { brand } from '../../src/content/brand';
import { services } from '../../src/content/services';
import type { ChatMessage } from '../../src/domain/chat';
import { detailsAskedFor, detailsIn, questionAskedIn, type LeadDetails, type LeadField } from '../../server/chat/leadDetails';
import { composeReply, createLocalProvider, piecesOf } from '../../server/chat/providers/local';
import type { LeadProgress } from '../../server/chat/providers/types';

/**
 * The local assistant (no database, no HTTP): its answers come from the site's real facts, it asks for the visitor's
 * details and recognises them, and it streams in pieces. The conversation-level flow with storage is in chat.test.ts.
 */

const noLead: LeadProgress = { known: {}, captured: [] };
const fullLead: LeadProgress = { known: { name: 'Asha', email: 'asha@example.in', need: 'more walk-ins' }, captured: [] };
const reply = (message: string, lead: LeadProgress = fullLead, history: ChatMessage[] = []) => composeReply({ message, history, lead });

const sellable = plans.filter((plan) => !plan.isCustom);
const scaleUp = plans.find((plan) => plan.isCustom)!;

/** Every rupee figure the assistant may ever state: the plans' fees and what each costs to start. */
const knownAmounts = new Set(sellable.flatMap((plan) => [plan.setupFee, plan.monthlyFee, amountDueToday(plan)].map(formatInr)));

describe('the local assistant: answers from the site’s own content', () => {
  it('answers a pricing question with the real plan fees, Indian grouping, and Scale Up through the contact page', () => {
    const text = reply('How much do your plans cost?');
    for (const plan of sellable) {
      expect(text).toContain(`${plan.title}`);
      expect(text).toContain(`${formatInr(plan.setupFee)} one-time setup + ${formatInr(plan.monthlyFee)}/month`);
    }
    // Written out once, so a formatting regression (no grouping, decimals) cannot hide behind formatInr itself.
    expect(text).toContain('LaunchPad: ₹10,000 one-time setup + ₹2,500/month');
    expect(text).toContain('Growth Engine (most popular): ₹17,000 one-time setup + ₹4,500/month');
    expect(text).toMatch(/Scale Up: custom pricing/);
    expect(text).not.toContain(formatInr(scaleUp.setupFee));
    expect(text).toContain('Ad spend is paid separately');
    expect(text).toContain('/pricing');
  });

  it('treats "what plans do you have" as a pricing question', () => {
    expect(reply('What plans do you have?')).toContain('₹17,000');
  });

  it('details one plan: its fees, what it costs to start, and its features', () => {
    const growth = plans.find((plan) => plan.key === 'growth-engine')!;
    const text = reply('Tell me about the Growth Engine plan');
    expect(text).toContain('₹17,000 one-time setup + ₹4,500/month, so ₹21,500 to start');
    for (const feature of growth.features) expect(text).toContain(feature);
  });

  it('sends Scale Up questions to the contact page, without a price', () => {
    const text = reply('How much is Scale Up?');
    expect(text).toContain('Scale Up is our custom plan');
    expect(text).toContain('on /contact');
    expect(text).not.toMatch(/₹/);
  });

  it('lists the six services', () => {
    const text = reply('What services do you offer?');
    for (const service of services) expect(text).toContain(service.title);
  });

  it('explains one service and which plans include it', () => {
    const ads = reply('Do you run Google ads?');
    expect(ads).toContain('Digital Marketing');
    expect(ads).toContain('Paid Ads Management is included in Growth Engine and Scale Up');
    expect(ads).toContain('Local SEO & Google Business Profile is included in every plan');
    expect(reply('Can you build an AI chatbot for WhatsApp?')).toContain('AI Agents is included in Scale Up');
  });

  it('answers the FAQ: no lock-in, 3-6 months for results, plan changes through the account manager', () => {
    expect(reply('Is there a lock-in contract?')).toContain('there is no annual contract');
    expect(reply('How long before I see results?')).toContain('3–6 months');
    const change = reply('Can I upgrade or pause my plan later?');
    expect(change).toMatch(/scale up, scale down or pause your plan at any time through your account manager/);
  });

  it('quotes the cancellation and refund policy', () => {
    const text = reply('Can I get a refund if I cancel?');
    expect(text).toContain('at least 15 days before your next billing date');
    expect(text).toContain('The one-time setup fee is non-refundable');
  });

  it('gives the contact details, the hours and the 24-hour reply promise', () => {
    const text = reply('How can I contact you? What are your hours?');
    expect(text).toContain(brand.phoneDisplay);
    expect(text).toContain(brand.email);
    expect(text).toContain('Mon-Fri 9AM-6PM EST');
    expect(text).toContain('we reply within 24 hours');
    expect(text).toContain('/contact');
  });

  it('explains how it works in the four steps and points to the quiz', () => {
    const text = reply('How does it work?');
    expect(text).toMatch(
      /1\. Find Your Plan[\s\S]*2\. Onboard in Minutes[\s\S]*3\. We Execute & Optimize[\s\S]*4\. Track Your Live Growth/,
    );
    expect(reply('Which plan is right for me?')).toContain('/get-started');
  });

  it('says so instead of guessing when it does not know', () => {
    const text = reply('Can you file my GST returns?');
    expect(text).toContain("I'm not sure about that, and I'd rather not guess");
    expect(text).toContain('on /contact');
    expect(text).not.toMatch(/₹|%/);
    const discount = reply('Do you offer a discount for NGOs?');
    expect(discount).toContain("I don't have any information about discounts or special offers, so I'd rather not promise one.");
    expect(discount).not.toMatch(/₹|%/);
  });

  it('answers at most two topics at once, so a reply stays readable', () => {
    const text = reply('What are your prices, services, hours and refund rules?');
    expect(text.split('\n\n').length).toBeLessThanOrEqual(3);
  });

  it('never states a rupee amount that is not one of the real fees, whatever is asked', () => {
    const words = [
      'price',
      'cost',
      'plan',
      'launchpad',
      'growth engine',
      'scale up',
      'website',
      'seo',
      'ads',
      'social',
      'crm',
      'ai',
      'refund',
      'contact',
      'hours',
      'results',
      'quiz',
      'pay',
      'hello',
      'thanks',
      'discount',
      '₹',
      'budget',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }), fc.boolean(), (picked, known) => {
        const text = reply(picked.join(' '), known ? fullLead : noLead);
        for (const amount of text.match(/₹[\d,]+/g) ?? []) expect(knownAmounts).toContain(amount);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same message, history and lead give the same reply', () => {
    const history: ChatMessage[] = [
      { role: 'user', text: 'Hi' },
      { role: 'model', text: reply('Hi', noLead) },
    ];
    expect(reply('Prices?', noLead, history)).toBe(reply('Prices?', noLead, history));
  });
});

describe('the local assistant: qualifying the lead', () => {
  const lead = (known: LeadDetails, captured: LeadField[] = []): LeadProgress => ({ known, captured });

  it('asks for the name first, then the email, then the business need', () => {
    expect(questionAskedIn(reply('Hi', lead({})))).toBe('name');
    expect(questionAskedIn(reply('Prices?', lead({ name: 'Asha' })))).toBe('email');
    expect(reply('Prices?', lead({ name: 'Asha' }))).toContain('email address for our team to reach you, Asha?');
    expect(questionAskedIn(reply('Prices?', lead({ name: 'Asha', email: 'a@b.in' })))).toBe('need');
    expect(questionAskedIn(reply('Prices?', fullLead))).toBeUndefined();
  });

  it('does not ask the same question twice in a row when the visitor passes over it', () => {
    const first = reply('Hi', lead({}));
    expect(questionAskedIn(first)).toBe('name');
    const second = reply('What are your prices?', lead({}), [
      { role: 'user', text: 'Hi' },
      { role: 'model', text: first },
    ]);
    expect(questionAskedIn(second)).toBe('email');
  });

  it('thanks the visitor for each detail and confirms when the lead is complete', () => {
    expect(reply('I am Asha', lead({ name: 'Asha' }, ['name']))).toMatch(/^Nice to meet you, Asha!/);
    expect(reply('asha@x.in', lead({ name: 'Asha', email: 'asha@x.in' }, ['email']))).toMatch(
      /^Thanks, I have noted your email: asha@x.in\./,
    );
    const done = reply('We need a website', lead({ name: 'Asha', email: 'asha@x.in', need: 'We need a website' }, ['need']));
    expect(done).toMatch(
      /^Thank you, Asha! I have passed your details to our team, and we will email you at asha@x.in\. We reply within 24 hours \(Mon-Fri 9AM-6PM EST\)\./,
    );
  });
});

describe('recognising the visitor’s details', () => {
  it.each([
    ['My name is Asha Rao', { name: 'Asha Rao' }],
    ["hi, i'm ravi kumar from Kumar Bakes", { name: 'Ravi Kumar' }],
    ['This is Meera.', { name: 'Meera' }],
    ['I am Priya and I need a website', { name: 'Priya', need: 'I am Priya and I need a website' }],
    ['You can reach me at Asha.Rao@RaoStores.in', { email: 'asha.rao@raostores.in' }],
    ["I'm looking for more walk-ins", { need: "I'm looking for more walk-ins" }],
    ['We also want Google ads', { need: 'We also want Google ads' }],
    ['We are interested in Google ads for our clinic', { need: 'We are interested in Google ads for our clinic' }],
    ['I am interested in your plans', { need: 'I am interested in your plans' }],
    ['I want to know your prices', {}],
    ["I'm a baker in Pune", {}],
    ['I am running a clinic', {}],
    ['How much is the LaunchPad plan?', {}],
  ])('%s', (message, expected) => {
    expect(detailsIn(message)).toEqual(expected);
  });

  it('takes a bare reply as a name only right after the name was asked for, and never a request', () => {
    expect(detailsIn('Asha Rao', ['name'])).toEqual({ name: 'Asha Rao' });
    expect(detailsIn("it's ravi", ['email', 'name'])).toEqual({ name: 'Ravi' });
    expect(detailsIn('Asha Rao')).toEqual({});
    expect(detailsIn('Pricing', ['name'])).toEqual({});
    expect(detailsIn('no thanks', ['name'])).toEqual({});
    expect(detailsIn('Tell me about ads please', ['name'])).toEqual({});
  });

  it('takes any statement as the need right after the need was asked for, but not a question', () => {
    expect(detailsIn('More walk-ins at our Jaipur store', ['need'])).toEqual({ need: 'More walk-ins at our Jaipur store' });
    expect(detailsIn('What does Growth Engine include?', ['need'])).toEqual({});
    expect(detailsIn('More walk-ins at our Jaipur store', ['email', 'need'])).toEqual({});
    expect(detailsIn('Sorry, use ravi@kumarbakes.in', ['need'])).toEqual({ email: 'ravi@kumarbakes.in' });
    expect(detailsIn('Ok', ['need'])).toEqual({});
  });

  it('reads which details the assistant asked for in its last two messages', () => {
    const history: ChatMessage[] = [
      { role: 'model', text: 'Hello! So our team knows who they are talking to, may I have your name?' },
      { role: 'user', text: 'Prices?' },
      { role: 'model', text: 'Plans... What is the best email address for our team to reach you?' },
    ];
    expect(detailsAskedFor(history)).toEqual(['email', 'name']);
    expect(detailsAskedFor([])).toEqual([]);
  });
});

describe('the local assistant: streaming', () => {
  it('splits a reply into pieces of a few words that join back exactly', () => {
    const text = reply('How much do your plans cost?');
    const pieces = piecesOf(text);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(text);
    expect(Math.max(...pieces.map((piece) => piece.trim().split(/\s+/).length))).toBeLessThanOrEqual(3);
  });

  it('streams the pieces with a pause between them, like a model', async () => {
    const provider = createLocalProvider({ pieceDelayMs: 15 });
    const request = { message: 'What are your prices?', history: [], lead: fullLead };
    const started = performance.now();
    const arrivals: number[] = [];
    let text = '';
    for await (const piece of provider.reply(request, new AbortController().signal)) {
      arrivals.push(performance.now() - started);
      text += piece;
    }
    expect(text).toBe(composeReply(request));
    expect(arrivals.length).toBe(piecesOf(text).length);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(15 * (arrivals.length - 1) * 0.8);
  });

  it('stops as soon as it is told to', async () => {
    const provider = createLocalProvider({ pieceDelayMs: 20 });
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of provider.reply({ message: 'What are your prices?', history: [], lead: fullLead }, controller.signal)) {
      pieces.push(piece);
      if (pieces.length === 2) controller.abort();
    }
    expect(pieces).toHaveLength(2);
  });
});
